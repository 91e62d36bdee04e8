import { HOUR } from '../../platform/clock';
import { definePeriodic } from '../../platform/jobs/define';
import { deleteOldReadNotifications } from './delete-old-read-notifications';

export const notificationPeriodicTasks = [definePeriodic('delete-old-read-notifications', 6 * HOUR, ({ ctx, now }) => deleteOldReadNotifications(ctx.db, now))];
