export { adminHomeRoutes } from './routes';
export { adminHome } from './admin-home';
export { ADMIN_QUEUES, type AdminQueueSource } from './queues';
