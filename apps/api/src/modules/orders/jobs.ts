import { definePeriodic } from '../../platform/jobs/define';
import { drainDueOrders } from './run-due-orders';

/** Scheduled transfers (due 00:00 UTC on their date), buy expiry and unlocks, every JOBS_DUE_ORDERS_INTERVAL_MS. */
export const orderPeriodicTasks = [
  definePeriodic(
    'due-orders',
    (config) => config.dueOrdersIntervalMs,
    ({ ctx, log, stopping }) => drainDueOrders(ctx, log, stopping),
  ),
];
