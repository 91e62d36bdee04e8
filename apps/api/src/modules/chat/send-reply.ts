import { CHAT_MESSAGES as M, type ChatSendInput } from '@landunits/domain';
import type { ChatMessage } from '@landunits/domain/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import type { AuditActor } from '../audit';
import { notify as notifyPerson } from '../notifications';
import { notify } from './events';
import { agentSendLimit } from './limits';
import { chatConversations, chatMessages } from './schema';
import { auditConversation, findConversation, lockConversation, serializeMessageIds, toMessageViews } from './store';

/**
 * An agent's reply: stored once per clientId; an unassigned conversation becomes the agent's
 * (audited); the customer is no longer waiting and the agent has read everything before it.
 */
export async function sendAsAgent(ctx: AppContext, admin: AuditActor, id: number, input: ChatSendInput): Promise<{ created: boolean; message: ChatMessage }> {
  await ctx.limiter.hit(agentSendLimit(admin.userId));
  const result = await inTransaction(ctx.db, async (tx) => {
    const row = await lockConversation(tx, id);
    const [again] = await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, id), eq(chatMessages.clientId, input.clientId)));
    if (again) return { created: false, assigned: false, id: again.id };
    if (row.status !== 'open') throw new AppError('CONFLICT', M.closed);
    await serializeMessageIds(tx);
    const now = ctx.clock.now();
    const [message] = await tx
      .insert(chatMessages)
      .values({ conversationId: id, from: 'agent', authorAdminId: admin.userId, body: input.body, clientId: input.clientId, createdAt: now })
      .returning({ id: chatMessages.id });
    if (!message) throw new Error('the message was not inserted');
    const assigned = row.assignedAdminId === null;
    await tx
      .update(chatConversations)
      .set({ waitingSince: null, lastMessageAt: now, agentLastReadId: message.id, ...(assigned ? { assignedAdminId: admin.userId } : {}) })
      .where(eq(chatConversations.id, id));
    if (assigned) await auditConversation(tx, ctx, admin, 'chat.assign', row, { assignedAdminId: admin.userId });
    // A signed-in customer also finds the reply in their notification centre (if they keep chat on in-app).
    if (row.userId) {
      await notifyPerson(tx, { userId: row.userId, category: 'chat', title: 'The sales team replied', body: input.body, link: '/dashboard/saleschat', at: now });
    }
    return { created: true, assigned, id: message.id };
  });
  if (result.created) await notify(ctx, { t: 'm', c: id, m: result.id });
  if (result.assigned) await notify(ctx, { t: 'c', c: id });
  const conversation = await findConversation(ctx.db, id);
  const [row] = await ctx.db.select().from(chatMessages).where(eq(chatMessages.id, result.id));
  const [view] = await toMessageViews(ctx.db, row ? [row] : [], conversation ? [conversation] : []);
  if (!view) throw new Error('the message was not found after storing it');
  return { created: result.created, message: view };
}
