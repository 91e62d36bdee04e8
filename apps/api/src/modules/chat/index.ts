export { chatRoutes } from './routes';
export { chatAdminRoutes } from './admin-routes';
export { chatPeriodicTasks, emailUnseenReplies } from './unseen-replies';
export { seedDemoChat } from './seed-demo-chat';
