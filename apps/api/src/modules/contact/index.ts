export { contactRoutes } from './routes';
export { contactQueueSummary } from './queue-summary';
