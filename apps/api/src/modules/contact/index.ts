export { contactRoutes } from './routes';
export { contactQueueSummary } from './admin-messages';
