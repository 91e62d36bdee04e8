import { CHAT_MESSAGES as M, type ChatSendInput, type ChatVisitorStartInput } from '@landunits/domain';
import type { ChatConversationAnswer, ChatMessage, ChatView } from '@landunits/domain/contracts';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { DAY, HOUR, MINUTE } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import type { Limit } from '../../platform/security/rate-limit';
import { hashToken, newToken } from '../../platform/security/tokens';
import { notify } from './events';
import { officeHoursNow } from './office-hours';
import { chatConversations, chatMessages } from './schema';
import { lastMessageId, lockConversation, messagePage, serializeMessageIds, toConversationView, toMessageViews, unreadCount, type ConversationRow } from './store';

/**
 * The customer's side: a signed-in person (by their session) or a visitor (by the SHA-256 of the
 * token in their `chat_visitor` cookie). Each only ever reaches their own conversation: the
 * conversation is found from who they are, never from an id they send.
 */

export type Customer = { kind: 'user'; userId: string } | { kind: 'visitor'; tokenHash: string };

/** Starting: 10 an hour per client address. Sending: 20 a minute per conversation. */
export const startLimit = (ip: string): Limit => ({ key: `chat:start:${ip}`, max: 10, windowMs: HOUR });
export const sendLimit = (conversationId: number): Limit => ({ key: `chat:send:${conversationId}`, max: 20, windowMs: MINUTE });
export const resumeLimit = (ip: string): Limit => ({ key: `chat:resume:${ip}`, max: 20, windowMs: HOUR });
export const VISITOR_COOKIE_MAX_AGE_S = (90 * DAY) / 1000;

const ownerIs = (customer: Customer) => (customer.kind === 'user' ? eq(chatConversations.userId, customer.userId) : eq(chatConversations.visitorTokenHash, customer.tokenHash));

/** The customer's open conversation, else their latest one. */
export async function customerConversation(db: Db, customer: Customer): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(ownerIs(customer))
    .orderBy(sql`(${chatConversations.status} = 'open') desc`, desc(chatConversations.id))
    .limit(1);
  return row;
}

export async function requireConversation(db: Db, customer: Customer | null): Promise<ConversationRow> {
  const row = customer ? await customerConversation(db, customer) : undefined;
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

export async function customerView(ctx: AppContext, customer: Customer | null, before?: number): Promise<ChatView> {
  const officeHours = await officeHoursNow(ctx);
  const row = customer ? await customerConversation(ctx.db, customer) : undefined;
  if (!row) return { conversation: null, messages: [], hasOlder: false, officeHours, unread: 0 };
  const page = await messagePage(ctx.db, row, before);
  return { conversation: await toConversationView(ctx.db, row), ...page, officeHours, unread: await unreadCount(ctx.db, row.id, 'agent', row.customerLastReadId) };
}

const openOf = async (db: Db, customer: Customer) =>
  (
    await db
      .select()
      .from(chatConversations)
      .where(and(ownerIs(customer), eq(chatConversations.status, 'open')))
  )[0];

/** A signed-in person's open conversation, started when there is none (201) or reused (200). */
export async function startForUser(ctx: AppContext, userId: string, ip: string): Promise<{ created: boolean; answer: ChatConversationAnswer }> {
  const customer: Customer = { kind: 'user', userId };
  let row = await openOf(ctx.db, customer);
  let created = false;
  if (!row) {
    await ctx.limiter.hit(startLimit(ip));
    const [inserted] = await ctx.db.insert(chatConversations).values({ userId, createdAt: ctx.clock.now() }).onConflictDoNothing().returning();
    created = inserted !== undefined;
    row = inserted ?? (await openOf(ctx.db, customer));
    if (!row) throw new Error('the conversation was neither inserted nor found');
    if (created) await notify(ctx, { t: 'c', c: row.id });
  }
  return { created, answer: { message: M.started, conversation: await toConversationView(ctx.db, row) } };
}

/**
 * A visitor's conversation: the open one of their cookie's token, or a new one with a new token
 * (the caller sets the cookie). Name, email and consent are stored with it.
 */
export async function startForVisitor(
  ctx: AppContext,
  tokenHash: string | null,
  input: ChatVisitorStartInput,
  ip: string,
): Promise<{ created: boolean; token: string | null; answer: ChatConversationAnswer }> {
  if (tokenHash) {
    const existing = await openOf(ctx.db, { kind: 'visitor', tokenHash });
    if (existing) return { created: false, token: null, answer: { message: M.started, conversation: await toConversationView(ctx.db, existing) } };
  }
  await ctx.limiter.hit(startLimit(ip));
  const { token, hash } = newToken();
  const now = ctx.clock.now();
  const [row] = await ctx.db.insert(chatConversations).values({ visitorName: input.name, visitorEmail: input.email, consentAt: now, visitorTokenHash: hash, createdAt: now }).returning();
  if (!row) throw new Error('the conversation was not inserted');
  await notify(ctx, { t: 'c', c: row.id });
  return { created: true, token, answer: { message: M.started, conversation: await toConversationView(ctx.db, row) } };
}

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

/** A signed-in person's unread agent messages (the header badge), over their open or latest conversation. */
export async function unreadOfUser(db: Db, userId: string): Promise<number> {
  const row = await customerConversation(db, { kind: 'user', userId });
  return row ? unreadCount(db, row.id, 'agent', row.customerLastReadId) : 0;
}

/**
 * The emailed link continues a visitor's conversation: its token (used once, until it expires)
 * gives this browser a new visitor token for that conversation; the old cookie stops working.
 */
export async function resumeVisitor(ctx: AppContext, token: string, ip: string): Promise<{ token: string; answer: ChatConversationAnswer }> {
  await ctx.limiter.hit(resumeLimit(ip));
  const fresh = newToken();
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(chatConversations)
    .set({ visitorTokenHash: fresh.hash, resumeTokenHash: null, resumeExpiresAt: null })
    .where(and(eq(chatConversations.resumeTokenHash, hashToken(token)), gt(chatConversations.resumeExpiresAt, now)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', M.tokenInvalid);
  return { token: fresh.token, answer: { message: M.started, conversation: await toConversationView(ctx.db, row) } };
}
