import { AWAITING_ADMIN_STATUSES } from '@landunits/domain';
import { asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { runIdempotent } from '../../platform/http/idempotency';
import type { Submission } from './order-types';
import { lockOrder, notFound } from './order-store';
import type { OrderDetails } from './order-view';
import type { Db } from '../../platform/db/client';
import { orders } from './schema';
import { findUsersByIds } from '../users';
import { toOrderView } from './order-view';
import { recordAudit, type AuditActor } from '../audit';
import { payoutStatesOf } from './payouts/payout-state';

export interface AdminOrdersQuery {
  page: number;
  pageSize: number;
}

/** GET /api/admin/orders: orders waiting for an admin, oldest first, with who placed them (and a sale's payout state). */
export async function ordersAwaitingAdmin(db: Db, q: AdminOrdersQuery, viewerId: string) {
  const waiting = inArray(orders.orderStatus, [...AWAITING_ADMIN_STATUSES]);
  const [rows, total, flaggedRows] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(waiting)
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(orders, waiting),
    // Payments a provider reported differently (another amount, or paid after the order ended): newest first.
    db.select().from(orders).where(isNotNull(orders.paymentFlag)).orderBy(desc(orders.createdAt)).limit(50),
  ]);
  const [people, payouts] = await Promise.all([
    findUsersByIds(
      db,
      [...rows, ...flaggedRows].map((r) => r.userId),
    ),
    payoutStatesOf(db, rows, viewerId),
  ]);
  const withPerson = (row: (typeof rows)[number]) => {
    const person = people.get(row.userId);
    const payout = payouts.get(row.id);
    return {
      ...toOrderView(row, { direction: null }),
      placedBy: { userId: row.userId, email: person?.email ?? null, name: person ? `${person.firstName} ${person.lastName ?? ''}`.trim() : null },
      ...(payout ? { payout } : {}),
    };
  };
  return {
    orders: rows.map(withPerson),
    flagged: flaggedRows.map(withPerson),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

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
