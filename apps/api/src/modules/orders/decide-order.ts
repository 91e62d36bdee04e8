import { PAYOUT_MESSAGES, type AdminTransition, type OrderStatus } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { runIdempotent, type StoredResponse } from '../../platform/http/idempotency';
import { currentMoneySettings } from '../pricing';
import { recordAudit, type AuditActor } from '../audit';
import { adminDecisionEmail, sendOrderEmail } from './send-order-email';
import { releaseBuy, settlePaidBuy } from './buy-orders';
import { issueOrderDocument } from './issue-order-document';
import { lockOrder, moveOrder, notFound, transitionRefused } from './store';
import type { Submission } from './order-types';
import { toOrderView, type OrderRow, type OrderView } from './order-view';
import { unreserve } from './own-action';
import { settleSoldUnits } from './settle-sold-units';
import { orders } from './schema';

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
      await settleSoldUnits(tx, order);
    } else if (to === 'Failed') {
      await unreserve(tx, order, 'pendingSell');
    }
  }
}

/** Orders an admin may decide on: bank/crypto buys awaiting approval and sells. */
function adminMayMove(order: OrderRow): boolean {
  return order.orderType === 'SELL' || (order.orderType === 'BUY' && (order.paymentMethod === 'Bank' || order.paymentMethod === 'Crypto'));
}

/**
 * POST /api/admin/orders/:id/transition: an admin's decision with its reason, kept in the status
 * history and in the audit log, in the transaction of the decision.
 */
export async function decideOrder(ctx: DbContext, admin: AuditActor, orderId: string, input: AdminTransition, submission: Submission): Promise<StoredResponse<{ orderData: OrderView }>> {
  const adminId = admin.userId;
  return runIdempotent(ctx.db, { scope: `admin:${adminId}`, key: submission.key, fingerprint: submission.fingerprint }, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound();
    if (!adminMayMove(order)) throw transitionRefused(order, input.toStatus);
    // A sale's payout is completed only with its bank reference (and, from 10,000.00, a second admin).
    if (order.orderType === 'SELL' && input.toStatus === 'Completed' && order.orderStatus === 'AllUnitSold') {
      throw new AppError('TRANSITION_REFUSED', PAYOUT_MESSAGES.completeInQueue);
    }
    const now = ctx.clock.now();
    await moveOrder(tx, order, { to: input.toStatus, actor: `admin:${adminId}`, at: now, reason: input.reason });
    await applyAdminDecision(tx, order, input.toStatus, now);
    if (order.orderType === 'BUY' && input.toStatus === 'Approved') await issueOrderDocument(tx, order, now);
    await sendOrderEmail(tx, now, adminDecisionEmail(order, input.toStatus), order);
    const updated = await lockOrder(tx, orderId);
    await recordAudit(tx, {
      actor: admin,
      at: now,
      action: 'order.transition',
      targetType: 'order',
      targetId: order.id,
      before: { orderStatus: order.orderStatus },
      after: { orderStatus: updated?.orderStatus ?? input.toStatus },
      reason: input.reason,
    });
    return { status: 200, body: { orderData: toOrderView(updated ?? order, { direction: null }) } };
  });
}

/** The name the admin routes and the demo content use. */
export const adminTransition = decideOrder;
