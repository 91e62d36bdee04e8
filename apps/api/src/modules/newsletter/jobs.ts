import { MINUTE } from '../../platform/clock';
import { definePeriodic } from '../../platform/jobs/define';
import { deleteExpiredSubscriptions } from './delete-expired-subscriptions';

export const newsletterPeriodicTasks = [definePeriodic('delete-expired-subscriptions', 10 * MINUTE, ({ ctx, now }) => deleteExpiredSubscriptions(ctx.db, now))];
