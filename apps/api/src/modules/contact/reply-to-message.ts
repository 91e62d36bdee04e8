import { CONTACT_ADMIN_MESSAGES as M, type ContactActionAnswer } from '@landunits/domain/contracts';
import { formatDate } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { enqueueEmail } from '../../platform/mail/outbox';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { contactReplyEmail } from './emails';
import { contactMessages as m, contactReplies as r } from './schema';
import { contactMessageDetail, findContactMessage } from './store';

/**
 * An admin's reply: kept with the message (who, when, what), emailed to the sender, the message
 * marked answered and the audit row written, all in one transaction. A closed message is refused.
 */
export async function replyToContactMessage(ctx: AppContext, admin: AuditActor, id: number, reply: string): Promise<ContactActionAnswer> {
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'contact.answer');
    const row = await findContactMessage(tx, id, { lock: true });
    if (row.status === 'closed') throw new AppError('TRANSITION_REFUSED', M.replyClosed);
    const now = ctx.clock.now();
    const [stored] = await tx.insert(r).values({ messageId: row.id, adminUserId: admin.userId, body: reply, createdAt: now }).returning({ id: r.id });
    const [updated] = await tx.update(m).set({ status: 'answered', updatedAt: now }).where(eq(m.id, row.id)).returning();
    await enqueueEmail(
      ctx,
      tx,
      contactReplyEmail({ to: row.email, name: row.name, reference: `#${row.id}`, sentOn: formatDate(row.createdAt, 'DD MMM YYYY'), reply, replyTo: ctx.config.supportEmail }),
    );
    await recordAudit(tx, {
      actor: { ...admin, role },
      at: now,
      action: 'contactMessage.reply',
      targetType: 'contactMessage',
      targetId: String(row.id),
      before: { status: row.status },
      after: { status: 'answered', replyId: stored?.id ?? null, reply },
    });
    return { message: M.replied, detail: await contactMessageDetail(tx, updated ?? row) };
  });
}
