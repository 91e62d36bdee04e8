export { communityRoutes } from './routes';
export { agentApplicationsQueueSummary } from './queue-summary';
export { seedDemoCommunity } from './seed-demo-community';
export { agentApplicantOf } from './applicant';
