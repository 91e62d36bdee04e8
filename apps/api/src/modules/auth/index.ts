export { authRoutes } from './routes';
export { requireUser, optionalUser, requireAdmin, ADMIN_ONLY_MESSAGE } from './guard';
export { SESSION_COOKIE } from './sessions';
export { deleteExpiredAuthRows } from './cleanup';
export { authPeriodicTasks } from './jobs';
