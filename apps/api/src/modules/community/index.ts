export { communityRoutes } from './routes';
export { agentApplicationsQueueSummary } from './agent-applications';
export { seedDemoCommunity } from './seed-demo-community';
export { agentApplicantOf } from './applicant';
