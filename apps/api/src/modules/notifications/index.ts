/**
 * The seam: other modules tell people things through these, inside their own transaction. The
 * routes are not exported here (app.ts imports ./routes): they need the auth module's guard, and
 * the auth module itself notifies (password changes), which would make an import cycle.
 */
export { notify, notifyMany, notificationsCte, type Notification, type NotificationContent } from './send-notifications';
export { notificationPeriodicTasks } from './jobs';
