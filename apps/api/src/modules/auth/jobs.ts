import { MINUTE } from '../../platform/clock';
import { definePeriodic } from '../../platform/jobs/define';
import { deleteExpiredAuthRows } from './delete-expired-auth-rows';

export const authPeriodicTasks = [definePeriodic('delete-expired-auth', 10 * MINUTE, ({ ctx, now }) => deleteExpiredAuthRows(ctx.db, now))];
