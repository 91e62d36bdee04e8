import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { notify } from './events';
import { chatConversations } from './schema';
import { lastMessageId } from './store';

/**
 * Moves one side's read mark up to `messageId` (never past the newest message, never back) and
 * tells the other side when it moved.
 */
export async function markRead(ctx: AppContext, conversationId: number, side: 'customer' | 'agent', messageId: number): Promise<{ lastReadId: number }> {
  const newest = await lastMessageId(ctx.db, conversationId);
  const target = Math.min(messageId, newest);
  const column = side === 'customer' ? chatConversations.customerLastReadId : chatConversations.agentLastReadId;
  const moved = await ctx.db
    .update(chatConversations)
    .set(side === 'customer' ? { customerLastReadId: target } : { agentLastReadId: target })
    .where(and(eq(chatConversations.id, conversationId), sql`${column} < ${target}`))
    .returning({ id: chatConversations.id });
  if (moved.length > 0) {
    await notify(ctx, { t: 'r', c: conversationId, s: side, m: target });
    return { lastReadId: target };
  }
  const [row] = await ctx.db.select({ id: column }).from(chatConversations).where(eq(chatConversations.id, conversationId));
  return { lastReadId: Number(row?.id ?? 0) };
}
