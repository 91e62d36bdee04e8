import { canTransition, MONEY_MESSAGES, doubleLandRemaining, STATUS_DISPLAY, transferLimitExceededMessage, type OrderStatus } from '@landunits/domain';
import { and, eq, gt, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { lockTransferSafeguards } from '../auth';
import type { Person } from '../users';
import { ORDER_ID_PATTERN } from './order-ids';
import type { StepUpCheck } from './order-types';
import type { OrderRow } from './order-view';
import { offerCounters, orders, orderStatusHistory } from './schema';

/**
 * The reads, writes and row mapping the orders use-cases share: the locked order and its moves with
 * their status history, how people are named to each other, the LU2X offer's counter and what a
 * person transferred lately.
 */

export const notFound = () => new AppError('NOT_FOUND', 'Order not found.');

/** The order, locked for this transaction (FOR UPDATE): two actions on one order run one after the other. */
export async function lockOrder(tx: Db, orderId: string): Promise<OrderRow | undefined> {
  if (!ORDER_ID_PATTERN.test(orderId)) return undefined;
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** A locked order placed by `userId`; anyone else's (or none) is 404, so ids reveal nothing. */
export async function lockOwnOrder(tx: Db, orderId: string, userId: string): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.userId !== userId) throw notFound();
  return order;
}

/** The 409 of a transition the order's life cycle does not allow. */
export function transitionRefused(order: Pick<OrderRow, 'orderStatus'>, to: OrderStatus): AppError {
  const from = STATUS_DISPLAY[order.orderStatus].label;
  const target = STATUS_DISPLAY[to].label;
  return new AppError('TRANSITION_REFUSED', `This order is ${from}; it cannot become ${target}.`);
}

export interface Move {
  to: OrderStatus;
  actor: Actor;
  at: Date;
  reason?: string | null;
  /** Other columns changed with the status (e.g. `dueAt: null`). */
  set?: Partial<Pick<OrderRow, 'dueAt' | 'details' | 'paymentDetails'>>;
}

/**
 * Moves a locked order to `to` if PRODUCT-DECISIONS §3 allows it (else 409), writing its history row
 * in the same transaction. Returns the updated row.
 */
export async function moveOrder(tx: Db, order: OrderRow, move: Move): Promise<OrderRow> {
  if (!canTransition(order, move.to)) throw transitionRefused(order, move.to);
  const [updated] = await tx
    .update(orders)
    .set({ orderStatus: move.to, updatedAt: move.at, ...move.set })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error(`Order ${order.id} vanished while locked`);
  await recordStatusChange(tx, { orderId: order.id, from: order.orderStatus, to: move.to, actor: move.actor, reason: move.reason ?? null, at: move.at });
  return updated;
}

/** Sets when the jobs runner must next act on an order (null: nothing due). */
export async function updateDueAt(tx: Db, orderId: string, dueAt: Date | null): Promise<void> {
  await tx.update(orders).set({ dueAt }).where(eq(orders.id, orderId));
}

/* ---------------- status history ---------------- */

/** Who changed an order's status: the person, an admin, or the platform itself (jobs, webhooks). */
export type Actor = `user:${string}` | `admin:${string}` | 'system';

export const userActor = (userId: string): Actor => `user:${userId}`;

export interface StatusChange {
  orderId: string;
  from: OrderStatus | null;
  to: OrderStatus;
  actor: Actor;
  reason?: string | null;
  at: Date;
}

/** Writes the history row of a status change; call it in the transaction that makes the change. */
export async function recordStatusChange(tx: Db, change: StatusChange): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId: change.orderId,
    fromStatus: change.from,
    toStatus: change.to,
    actor: change.actor,
    reason: change.reason ?? null,
    createdAt: change.at,
  });
}

/* ---------------- people ---------------- */

/** How one person is shown to another: first name and the initial of the last name ('Ada L.'). */
export function shortName(person: Pick<Person, 'firstName' | 'lastName'>): string {
  const first = person.firstName.trim();
  const initial = [...(person.lastName ?? '').trim()][0];
  return initial ? `${first} ${initial.toLocaleUpperCase('en')}.` : first;
}

/* ---------------- the LU2X offer ---------------- */

/** The LU2X double-land offer's counter (PRODUCT-DECISIONS §4): Units sold under it, across unit types. */
export const DOUBLE_LAND_OFFER = 'LU2X';

/** Units sold under the offer so far (open and paid LU2X buys). */
export async function doubleLandSold(db: Db): Promise<bigint> {
  const [row] = await queryRows<{ sold: string | null }>(db, sql`select ${doubleLandSoldExpression()} as "sold"`);
  return BigInt(row?.sold ?? 0);
}

/** The LU2X Units sold so far as a scalar subquery (text; null before the first sale). */
export function doubleLandSoldExpression(): SQL {
  return sql`(select ${offerCounters.soldUnits}::text from ${offerCounters} where ${offerCounters.name} = ${DOUBLE_LAND_OFFER})`;
}

/**
 * Takes `units` from the offer within its cap, in the buy's transaction (a guarded update: two
 * buys cannot both take the last Units). 409 'Maximum remaining units in the LU2X offer: N' otherwise.
 */
export async function takeDoubleLandUnits(tx: Db, units: bigint, capUnits: number): Promise<void> {
  const taken = await tx
    .update(offerCounters)
    .set({ soldUnits: sql`${offerCounters.soldUnits} + ${units.toString()}::bigint` })
    .where(sql`${offerCounters.name} = ${DOUBLE_LAND_OFFER} and ${offerCounters.soldUnits} + ${units.toString()}::bigint <= ${capUnits}`)
    .returning({ sold: offerCounters.soldUnits });
  if (taken.length === 0) {
    const message = MONEY_MESSAGES.doubleLandRemaining(doubleLandRemaining({ soldUnits: await doubleLandSold(tx), capUnits }));
    throw new AppError('LIMIT_EXCEEDED', message, { numberOfUnits: message });
  }
}

/** An LU2X buy that will not happen gives its Units back to the offer. */
export async function giveBackDoubleLandUnits(tx: Db, units: bigint): Promise<void> {
  await tx
    .update(offerCounters)
    .set({ soldUnits: sql`greatest(${offerCounters.soldUnits} - ${units.toString()}::bigint, 0)` })
    .where(eq(offerCounters.name, DOUBLE_LAND_OFFER));
}

/* ---------------- transfers sent ---------------- */

/** The step-up threshold and the daily limit count what a person sent in this window (decisions 0050, 0051). */
export const TRANSFER_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Units of every type the person transferred or scheduled in the 24 hours before `now` (failed or
 * cancelled ones left out): with a new transfer, what the step-up threshold is compared with, so
 * a balance cannot leave in many transfers each under it.
 */
export async function unitsSentRecently(db: Db, userId: string, now: Date): Promise<bigint> {
  const [row] = await db
    .select({ units: sql<string>`coalesce(sum(${orders.numberOfUnits}), 0)::text` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.orderType, ['TRANSFER', 'TRANSFER_FUTURE']),
        gt(orders.createdAt, new Date(now.getTime() - TRANSFER_WINDOW_MS)),
        notInArray(orders.orderStatus, ['Cancelled', 'Failed']),
      ),
    );
  return BigInt(row?.units ?? '0');
}

/**
 * A transfer's checks against the person's own safeguards, in the transfer's transaction: their
 * safeguards row is locked first (before any balance), so two transfers of one person run these
 * checks one after the other and see each other. `check` is given the transfer's Units (and
 * whether its order is written already) and refuses with 409 LIMIT_EXCEEDED past the daily limit,
 * or takes the step-up proof past the threshold.
 */
export async function guardTransfers(tx: Db, userId: string, now: Date): Promise<{ check: (transfer: { units: bigint; written: boolean }, stepUp: StepUpCheck) => Promise<void> }> {
  const safeguards = await lockTransferSafeguards(tx, userId, now);
  return {
    check: async ({ units, written }, stepUp) => {
      const counted = await unitsSentRecently(tx, userId, now);
      const before = written ? counted - units : counted;
      const limit = safeguards.dailyLimit;
      if (limit !== null && before + units > BigInt(limit)) {
        const left = BigInt(limit) - before;
        throw new AppError('LIMIT_EXCEEDED', transferLimitExceededMessage(limit, left > 0n ? left : 0n));
      }
      if (before + units > BigInt(safeguards.stepUpAbove)) await stepUp(tx, 'transfer');
    },
  };
}
