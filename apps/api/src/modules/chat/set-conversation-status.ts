import { CHAT_MESSAGES as M } from '@landunits/domain';
import type { ChatConversationAnswer } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import type { AuditActor } from '../audit';
import { notify } from './events';
import { chatConversations } from './schema';
import { auditConversation, conversationAnswer, lockConversation } from './store';

export async function setStatus(ctx: AppContext, admin: AuditActor, id: number, status: 'open' | 'closed'): Promise<ChatConversationAnswer> {
  const changed = await inTransaction(ctx.db, async (tx) => {
    const row = await lockConversation(tx, id);
    if (row.status === status) return false;
    const now = ctx.clock.now();
    try {
      await tx
        .update(chatConversations)
        .set({ status, closedAt: status === 'closed' ? now : null })
        .where(eq(chatConversations.id, id));
    } catch (error) {
      // Reopening while the customer has started another conversation: one open at a time.
      if ((error as { code?: string }).code === '23505' || String((error as { cause?: { code?: string } }).cause?.code) === '23505')
        throw new AppError('CONFLICT', 'The customer has another open conversation.');
      throw error;
    }
    await auditConversation(tx, ctx, admin, status === 'closed' ? 'chat.close' : 'chat.reopen', row, { status });
    return true;
  });
  if (changed) await notify(ctx, { t: 'c', c: id });
  return conversationAnswer(ctx, id, status === 'closed' ? M.closedDone : M.reopened);
}
