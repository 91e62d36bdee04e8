import { CHAT_MESSAGES as M } from '@landunits/domain';
import type { ChatConversationAnswer } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import type { AuditActor } from '../audit';
import { notify } from './events';
import { chatConversations } from './schema';
import { auditConversation, conversationAnswer, lockConversation } from './store';

export async function assignToMe(ctx: AppContext, admin: AuditActor, id: number): Promise<ChatConversationAnswer> {
  const changed = await inTransaction(ctx.db, async (tx) => {
    const row = await lockConversation(tx, id);
    if (row.assignedAdminId === admin.userId) return false;
    await tx.update(chatConversations).set({ assignedAdminId: admin.userId }).where(eq(chatConversations.id, id));
    await auditConversation(tx, ctx, admin, 'chat.assign', row, { assignedAdminId: admin.userId });
    return true;
  });
  if (changed) await notify(ctx, { t: 'c', c: id });
  return conversationAnswer(ctx, id, M.assigned);
}
