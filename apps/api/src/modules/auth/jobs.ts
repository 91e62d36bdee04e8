import { MINUTE } from '../../platform/clock';
import { definePeriodic } from '../../platform/jobs/define';
import { deleteExpiredAuthRows } from './cleanup';

export const authPeriodicTasks = [definePeriodic('delete-expired-auth', 10 * MINUTE, ({ ctx, now }) => deleteExpiredAuthRows(ctx.db, now))];
