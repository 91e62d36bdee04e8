export { authRoutes } from './routes';
export { requireUser, optionalUser } from './guard';
export { SESSION_COOKIE } from './sessions';
export { deleteExpiredAuthRows } from './cleanup';
