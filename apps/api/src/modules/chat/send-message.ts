import { CHAT_MESSAGES as M, type ChatSendInput } from '@landunits/domain';
import type { ChatMessage } from '@landunits/domain/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { notify } from './events';
import { sendLimit } from './limits';
import { chatConversations, chatMessages } from './schema';
import { lockConversation, requireConversation, serializeMessageIds, toMessageViews, type Customer } from './store';

/**
 * Stores a message once per clientId: the same clientId again answers the stored message (200)
 * without a second row. The conversation's row lock orders sends of one conversation; the
 * conversation waits from its oldest unanswered customer message.
 */
export async function sendAsCustomer(ctx: AppContext, customer: Customer, input: ChatSendInput): Promise<{ created: boolean; message: ChatMessage }> {
  const conversation = await requireConversation(ctx.db, customer);
  const existing = await findByClientId(ctx.db, conversation.id, input.clientId);
  if (existing) return { created: false, message: existing };
  await ctx.limiter.hit(sendLimit(conversation.id));
  const result = await inTransaction(ctx.db, async (tx) => {
    const row = await lockConversation(tx, conversation.id);
    const again = await findByClientId(tx, row.id, input.clientId);
    if (again) return { created: false, id: again.id };
    if (row.status !== 'open') throw new AppError('CONFLICT', M.closed);
    await serializeMessageIds(tx);
    const now = ctx.clock.now();
    const [message] = await tx.insert(chatMessages).values({ conversationId: row.id, from: 'customer', body: input.body, clientId: input.clientId, createdAt: now }).returning({ id: chatMessages.id });
    if (!message) throw new Error('the message was not inserted');
    await tx
      .update(chatConversations)
      .set({ waitingSince: row.waitingSince ?? now, lastMessageAt: now })
      .where(eq(chatConversations.id, row.id));
    return { created: true, id: message.id };
  });
  if (result.created) await notify(ctx, { t: 'm', c: conversation.id, m: result.id });
  const [row] = await ctx.db.select().from(chatMessages).where(eq(chatMessages.id, result.id));
  const [view] = await toMessageViews(ctx.db, row ? [row] : [], [conversation]);
  if (!view) throw new Error('the message was not found after storing it');
  return { created: result.created, message: view };
}

async function findByClientId(db: Db, conversationId: number, clientId: string): Promise<ChatMessage | undefined> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.clientId, clientId)));
  if (rows.length === 0) return undefined;
  const [conversation] = await db.select().from(chatConversations).where(eq(chatConversations.id, conversationId));
  return (await toMessageViews(db, rows, conversation ? [conversation] : []))[0];
}
