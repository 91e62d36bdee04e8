import { CONTACT_ADMIN_MESSAGES as M, type ContactActionAnswer, type ContactMessageStatus } from '@landunits/domain/contracts';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { contactMessages as m, contactReplies as r } from './schema';
import { contactMessageDetail, findContactMessage } from './store';

/**
 * Closes a message (nothing more to do) or reopens a closed one (answered when it has replies,
 * else new), with its audit row. Closing a closed message, or reopening an open one, is refused
 * and writes nothing.
 */
export async function setContactMessageClosed(ctx: AppContext, admin: AuditActor, id: number, close: boolean): Promise<ContactActionAnswer> {
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'contact.answer');
    const row = await findContactMessage(tx, id, { lock: true });
    if (close && row.status === 'closed') throw new AppError('TRANSITION_REFUSED', M.alreadyClosed);
    if (!close && row.status !== 'closed') throw new AppError('TRANSITION_REFUSED', M.notClosed);
    let status: ContactMessageStatus = 'closed';
    if (!close) {
      const [replies] = await tx.select({ n: count() }).from(r).where(eq(r.messageId, row.id));
      status = (replies?.n ?? 0) > 0 ? 'answered' : 'new';
    }
    const now = ctx.clock.now();
    const [updated] = await tx.update(m).set({ status, updatedAt: now }).where(eq(m.id, row.id)).returning();
    await recordAudit(tx, {
      actor: { ...admin, role },
      at: now,
      action: close ? 'contactMessage.close' : 'contactMessage.reopen',
      targetType: 'contactMessage',
      targetId: String(row.id),
      before: { status: row.status },
      after: { status },
    });
    return { message: close ? M.closed : M.reopened, detail: await contactMessageDetail(tx, updated ?? row) };
  });
}
