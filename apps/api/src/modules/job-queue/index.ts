export { jobQueueRoutes } from './routes';
export { decideFailedJob, jobQueueView, type JobDecision } from './job-queue';
