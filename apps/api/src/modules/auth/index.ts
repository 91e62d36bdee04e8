export { authRoutes } from './routes';
export { requireUser, optionalUser, requirePermission, requirePermissionOf, ADMIN_ONLY_MESSAGE, type AdminUser } from './guard';
export { SESSION_COOKIE, deleteUserSessions, listUserSessions } from './sessions';
export { sendConfirmationLink } from './send-confirmation';
export { revokeResetTokens } from './email-tokens';
export { deleteExpiredAuthRows } from './cleanup';
export { authPeriodicTasks } from './jobs';
