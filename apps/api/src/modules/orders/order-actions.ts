import { type AdminTransition, type OrderStatus, type Price, type UnitType } from '@landunits/domain';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { orders } from '../../platform/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error';
import { runIdempotent, type StoredResponse } from '../../platform/http/idempotency';
import { postTransfers, systemHolder, userHolder } from '../ledger';
import { addCost, issuerSupply, takeCost, valueInCents } from './holdings';
import { lockOrder, lockOwnOrder, moveOrder, notFound, transitionRefused, updateDueAt } from './order-store';
import { findUsersByIds } from '../users';
import { toOrderView, type OrderRow, type OrderView } from './order-view';
import { shortName } from './people';
import type { Actor } from './status-history';
import type { Submission } from './create-order';
import { releaseBuy, settlePaidBuy, unlockPaidBuy } from './buy-orders';
import { currentMoneySettings } from '../pricing';

/**
 * What happens to an order after it is placed (PRODUCT-DECISIONS §3): the person's own actions
 * (success_order, cancel_order, cancel-future-transfer), an admin's decisions, and the jobs. Each
 * locks the order row, checks the transition, moves the Units and writes the status history in one
 * transaction.
 */

const own = (userId: string) => ({ holder: userHolder(userId) });
const bucket = (userId: string, unitType: UnitType, name: string) => ({ ...own(userId), unitType, bucket: name });


/** A sale or scheduled transfer that will not happen: its Units go back to `owned`. */
async function unreserve(tx: Db, order: OrderRow, from: 'pendingSell' | 'transferQueued'): Promise<void> {
  await postTransfers(tx, [{ from: bucket(order.userId, order.unitType, from), to: bucket(order.userId, order.unitType, 'owned'), units: order.numberOfUnits, orderId: order.id }]);
}

// ── The person's own actions ───────────────────────────────────────────────────────────────

export type ActionBody<K extends string> = { [key in K]: OrderView };

async function ownAction<K extends string>(
  ctx: DbContext,
  userId: string,
  orderId: string,
  submission: Submission,
  answerKey: K,
  act: (tx: Db, order: OrderRow, now: Date) => Promise<OrderRow>,
): Promise<StoredResponse<ActionBody<K>>> {
  return runIdempotent(ctx.db, { scope: `user:${userId}`, key: submission.key, fingerprint: submission.fingerprint }, async (tx) => {
    const order = await lockOwnOrder(tx, orderId, userId);
    const updated = await act(tx, order, ctx.clock.now());
    // A transfer's answer names its recipient as create_order and the details call do ('Bob B.').
    const recipient = updated.recipientUserId ? (await findUsersByIds(tx, [updated.recipientUserId])).get(updated.recipientUserId) : undefined;
    const view = toOrderView(updated, { direction: 'SENT', counterpartyName: recipient ? shortName(recipient) : null });
    return { status: 200, body: { [answerKey]: view } as ActionBody<K> };
  });
}

/**
 * POST /api/order/success_order: "I have sent the payment" for a bank buy → PaymentSent, for a
 * crypto buy → PaymentSent_FromUserCrypto (both Pending Approval). Card buys are confirmed by
 * their provider, never by the person.
 */
export function confirmPaymentSent(ctx: DbContext, userId: string, orderId: string, submission: Submission) {
  return ownAction(ctx, userId, orderId, submission, 'orderSuccessData', async (tx, order, now) => {
    const to: OrderStatus = order.paymentMethod === 'Crypto' ? 'PaymentSent_FromUserCrypto' : 'PaymentSent';
    if (order.orderType !== 'BUY' || (order.paymentMethod !== 'Bank' && order.paymentMethod !== 'Crypto')) throw transitionRefused(order, to);
    // Past its deadline an unpaid buy is Expired, whether or not the job has got to it yet.
    if (order.orderStatus === 'Initiated' && order.dueAt !== null && order.dueAt <= now) throw transitionRefused({ orderStatus: 'Expired' }, to);
    // Once the person says they paid, the order waits for an admin instead of expiring.
    return moveOrder(tx, order, { to, actor: `user:${userId}`, at: now, set: { dueAt: null } });
  });
}

/** Stops a card payment already started at its provider, so it cannot be taken after the order is cancelled. */
export type CancelAtProvider = (order: OrderRow) => Promise<void>;

/**
 * POST /api/order/cancel_order: an Initiated (or, for cards, InProcess) buy → Cancelled, its
 * reservation released. A card payment started at the provider is cancelled there first, while
 * the order is locked, so a payment cannot complete on a cancelled order unnoticed.
 */
export function cancelBuy(ctx: DbContext, userId: string, orderId: string, submission: Submission, cancelAtProvider?: CancelAtProvider) {
  return ownAction(ctx, userId, orderId, submission, 'orderCancelledData', async (tx, order, now) => {
    if (order.orderType !== 'BUY') throw transitionRefused(order, 'Cancelled');
    // Past its deadline an unpaid buy is Expired (the job's to record), whether or not the job has got to it yet.
    if ((order.orderStatus === 'Initiated' || order.orderStatus === 'InProcess') && order.dueAt !== null && order.dueAt <= now) {
      throw transitionRefused({ orderStatus: 'Expired' }, 'Cancelled');
    }
    if (order.providerPaymentId && order.orderStatus === 'InProcess' && cancelAtProvider) await cancelAtProvider(order);
    const updated = await moveOrder(tx, order, { to: 'Cancelled', actor: `user:${userId}`, at: now, set: { dueAt: null } });
    await releaseBuy(tx, order);
    return updated;
  });
}

export const TRANSFER_DUE_MESSAGE = 'This transfer is due and is being made; it can no longer be cancelled.';

/** POST /api/order/cancel-future-transfer: a Scheduled transfer → Cancelled, Units back to `owned`. */
export function cancelFutureTransfer(ctx: DbContext, userId: string, orderId: string, submission: Submission) {
  return ownAction(ctx, userId, orderId, submission, 'orderCancelledData', async (tx, order, now) => {
    if (order.orderType !== 'TRANSFER_FUTURE') throw transitionRefused(order, 'Cancelled');
    // From 00:00 UTC of its date the transfer is the job's to make, whether or not it has run yet.
    if (order.orderStatus === 'Scheduled' && order.dueAt !== null && order.dueAt <= now) throw new AppError('TRANSITION_REFUSED', TRANSFER_DUE_MESSAGE);
    const updated = await moveOrder(tx, order, { to: 'Cancelled', actor: `user:${userId}`, at: now, set: { dueAt: null } });
    await unreserve(tx, order, 'transferQueued');
    return updated;
  });
}

// ── Admin decisions ────────────────────────────────────────────────────────────────────────

/** Ledger effects of an admin's decision, per order type and target status. */
async function applyAdminDecision(tx: Db, order: OrderRow, to: OrderStatus, now: Date): Promise<void> {
  if (order.orderType === 'BUY') {
    if (to === 'Approved') {
      const settled = await settlePaidBuy(tx, order, now, await currentMoneySettings(tx, now));
      await tx.update(orders).set({ details: settled.details, dueAt: settled.dueAt }).where(eq(orders.id, order.id));
    } else if (to === 'Failed') {
      await releaseBuy(tx, order);
    }
    return;
  }
  if (order.orderType === 'SELL') {
    if (to === 'AllUnitSold') {
      const feeUnits = BigInt((order.details as { sell?: { feeUnits: number } } | null)?.sell?.feeUnits ?? 0);
      const sold = BigInt(order.numberOfUnits) - feeUnits;
      await postTransfers(tx, [
        { from: bucket(order.userId, order.unitType, 'pendingSell'), to: issuerSupply(order.unitType), units: sold, orderId: order.id },
        ...(feeUnits > 0n
          ? [{ from: bucket(order.userId, order.unitType, 'pendingSell'), to: { holder: systemHolder('fees'), unitType: order.unitType, bucket: 'sellFee' }, units: feeUnits, orderId: order.id }]
          : []),
      ]);
      await takeCost(tx, order.userId, order.unitType, BigInt(order.numberOfUnits));
    } else if (to === 'Failed') {
      await unreserve(tx, order, 'pendingSell');
    }
  }
}

/** Orders an admin may decide on: bank/crypto buys awaiting approval and sells. */
function adminMayMove(order: OrderRow): boolean {
  return order.orderType === 'SELL' || (order.orderType === 'BUY' && (order.paymentMethod === 'Bank' || order.paymentMethod === 'Crypto'));
}

/** POST /api/admin/orders/:id/transition: an admin's decision with its reason, kept in the status history. */
export async function adminTransition(
  ctx: DbContext,
  adminId: string,
  orderId: string,
  input: AdminTransition,
  submission: Submission,
): Promise<StoredResponse<{ orderData: OrderView }>> {
  return runIdempotent(ctx.db, { scope: `admin:${adminId}`, key: submission.key, fingerprint: submission.fingerprint }, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound();
    if (!adminMayMove(order)) throw transitionRefused(order, input.toStatus);
    const now = ctx.clock.now();
    await moveOrder(tx, order, { to: input.toStatus, actor: `admin:${adminId}`, at: now, reason: input.reason });
    await applyAdminDecision(tx, order, input.toStatus, now);
    const updated = await lockOrder(tx, orderId);
    return { status: 200, body: { orderData: toOrderView(updated ?? order, { direction: null }) } };
  });
}

// ── Due work (the jobs) ────────────────────────────────────────────────────────────────────

const SYSTEM: Actor = 'system';

/**
 * Does what is due on one locked order: an unpaid buy expires, a scheduled transfer runs (or fails
 * when its recipient is gone), converted Units unlock. Anything else just stops being due.
 */
export interface DueContext {
  now: Date;
  /** Whether a person still has an active account. */
  isActive: (userId: string) => Promise<boolean>;
  /** Today's price of a unit type. */
  priceOf: (unitType: UnitType) => Price;
}

export type DueOutcome = 'expired' | 'transferred' | 'failed' | 'unlocked' | 'cleared';

/** Paid buys stay due while they have bonus or LU2X Units to unlock. */
const PAID_BUY_STATUSES: readonly OrderStatus[] = ['Approved', 'Completed'];

export async function runDueOrder(tx: Db, order: OrderRow, { now, isActive, priceOf }: DueContext): Promise<DueOutcome> {
  if (order.orderType === 'BUY' && (order.orderStatus === 'Initiated' || order.orderStatus === 'InProcess')) {
    await moveOrder(tx, order, { to: 'Expired', actor: SYSTEM, at: now, reason: 'Not paid in time', set: { dueAt: null } });
    await releaseBuy(tx, order);
    return 'expired';
  }
  if (order.orderType === 'BUY' && PAID_BUY_STATUSES.includes(order.orderStatus)) {
    await unlockPaidBuy(tx, order, now);
    return 'unlocked';
  }
  if (order.orderType === 'TRANSFER_FUTURE' && order.orderStatus === 'Scheduled') {
    const recipientId = order.recipientUserId;
    if (!recipientId || !(await isActive(recipientId))) {
      await moveOrder(tx, order, { to: 'Failed', actor: SYSTEM, at: now, reason: 'The recipient no longer has an active account', set: { dueAt: null } });
      await unreserve(tx, order, 'transferQueued');
      return 'failed';
    }
    await moveOrder(tx, order, { to: 'Completed', actor: SYSTEM, at: now, set: { dueAt: null } });
    await postTransfers(tx, [
      { from: bucket(order.userId, order.unitType, 'transferQueued'), to: bucket(recipientId, order.unitType, 'owned'), units: order.numberOfUnits, orderId: order.id },
    ]);
    await takeCost(tx, order.userId, order.unitType, BigInt(order.numberOfUnits));
    await addCost(tx, recipientId, order.unitType, valueInCents(BigInt(order.numberOfUnits), priceOf(order.unitType)));
    return 'transferred';
  }
  if (order.orderType === 'CONVERT' && order.orderStatus === 'Completed' && order.convertUnitType && order.convertUnits) {
    await updateDueAt(tx, order.id, null);
    await postTransfers(tx, [
      { from: bucket(order.userId, order.convertUnitType, 'convertLocked'), to: bucket(order.userId, order.convertUnitType, 'owned'), units: order.convertUnits, orderId: order.id },
    ]);
    return 'unlocked';
  }
  await updateDueAt(tx, order.id, null);
  return 'cleared';
}
