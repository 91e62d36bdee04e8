import type { AWAITING_ADMIN_STATUSES } from '@landunits/domain';
import { sql, type SQL } from 'drizzle-orm';
import { orders as o } from './schema';

/**
 * The admin home's queues of orders (one row each: "count", "oldestAt"), on the partial indexes
 * of orders waiting for an admin and of flagged payments. An order waits from when it was placed,
 * the order of the admin's queue. Together the two lists are AWAITING_ADMIN_STATUSES.
 */

type Awaiting = (typeof AWAITING_ADMIN_STATUSES)[number];

/** Bank and crypto buys whose payment the person says is sent: an admin checks it arrived. */
export const PAYMENT_QUEUE_STATUSES = ['PaymentSent', 'PaymentSent_FromUserCrypto'] as const satisfies readonly Awaiting[];
/** Sells waiting for their payout (approval, then the money sent). */
export const PAYOUT_QUEUE_STATUSES = ['FundsWaitingApproval', 'PartialComplete', 'AllUnitSold'] as const satisfies readonly Awaiting[];

// Literals, not parameters: the planner matches them against the partial index's predicate.
const literals = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

const summary = (where: SQL) => sql`select count(*)::int as "count", min(${o.createdAt}) as "oldestAt" from ${o} where ${where}`;

export const paymentsQueueSummary = (): SQL => summary(sql`${o.orderStatus} in (${literals(PAYMENT_QUEUE_STATUSES)})`);

export const payoutsQueueSummary = (): SQL => summary(sql`${o.orderStatus} in (${literals(PAYOUT_QUEUE_STATUSES)})`);

/** Payments a provider reported differently, until an admin clears them. */
export const flaggedPaymentsQueueSummary = (): SQL => summary(sql`${o.paymentFlag} is not null`);
