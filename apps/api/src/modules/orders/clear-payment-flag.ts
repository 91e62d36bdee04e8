import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { runIdempotent } from '../../platform/http/idempotency';
import type { Submission } from './order-types';
import { lockOrder, notFound } from './store';
import { orders } from './schema';
import { toOrderView, type OrderDetails } from './order-view';
import { recordAudit, type AuditActor } from '../audit';

/**
 * POST /api/admin/orders/:id/clear-flag: an admin has dealt with a flagged payment (refunded it,
 * or corrected the order by hand) and says how; the note is kept on the order.
 */
export async function clearPaymentFlag(ctx: DbContext, admin: AuditActor, orderId: string, reason: string, submission: Submission) {
  const adminId = admin.userId;
  return runIdempotent(ctx.db, { scope: `admin:${adminId}`, key: submission.key, fingerprint: submission.fingerprint }, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound();
    if (!order.paymentFlag) throw new AppError('TRANSITION_REFUSED', 'This order has no payment to check.');
    const details = { ...((order.details ?? {}) as OrderDetails), flagCleared: { flag: order.paymentFlag, by: adminId, at: ctx.clock.now().toISOString(), reason } };
    const [updated] = await tx.update(orders).set({ paymentFlag: null, details, updatedAt: ctx.clock.now() }).where(eq(orders.id, orderId)).returning();
    await recordAudit(tx, {
      actor: admin,
      at: ctx.clock.now(),
      action: 'order.clearPaymentFlag',
      targetType: 'order',
      targetId: order.id,
      before: { paymentFlag: order.paymentFlag },
      after: { paymentFlag: null },
      reason,
    });
    return { status: 200, body: { orderData: toOrderView(updated ?? order, { direction: null }) } };
  });
}
