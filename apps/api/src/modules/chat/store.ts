import { CHAT_LIMITS, CHAT_MESSAGES as M } from '@landunits/domain';
import type { ChatConversation, ChatConversationAnswer, ChatMessage } from '@landunits/domain/contracts';
import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { findUsersByIds } from '../users';
import { chatConversations, chatMessages } from './schema';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** A conversation's id from the address: 404 for anything but a whole number. */
export function conversationIdOf(params: unknown): number {
  const raw = String((params as { id?: unknown }).id ?? '');
  if (!/^\d{1,15}$/.test(raw)) throw new AppError('NOT_FOUND', M.notFound);
  return Number(raw);
}

export async function findConversation(db: Db, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
  return row;
}

/**
 * The customer's side: a signed-in person (by their session) or a visitor (by the SHA-256 of the
 * token in their `chat_visitor` cookie). Each only ever reaches their own conversation: the
 * conversation is found from who they are, never from an id they send.
 */
export type Customer = { kind: 'user'; userId: string } | { kind: 'visitor'; tokenHash: string };

export const ownerIs = (customer: Customer) => (customer.kind === 'user' ? eq(chatConversations.userId, customer.userId) : eq(chatConversations.visitorTokenHash, customer.tokenHash));

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

export async function lockConversation(tx: Db, id: number): Promise<ConversationRow> {
  const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

/** An agent's change to a conversation, audited with its status and assignee before. */
export async function auditConversation(tx: Db, ctx: AppContext, admin: AuditActor, action: string, row: ConversationRow, after: object) {
  await recordAudit(tx, {
    actor: admin,
    at: ctx.clock.now(),
    action,
    targetType: 'chatConversation',
    targetId: String(row.id),
    before: { status: row.status, assignedAdminId: row.assignedAdminId },
    after,
  });
}

/** The answer to an agent's change: the message and the conversation as it is now. */
export const conversationAnswer = async (ctx: AppContext, id: number, message: string): Promise<ChatConversationAnswer> => {
  const row = await findConversation(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return { message, conversation: await toConversationView(ctx.db, row) };
};

/**
 * Message ids are the streams' event ids, so they must become visible in increasing order: every
 * transaction that inserts a message takes this lock last (after its conversation's row lock), so
 * a message with a larger id never commits before one with a smaller id.
 */
export async function serializeMessageIds(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7261029)`);
}

/** How the customer is named: a visitor's given name, a person's first and last name. */
export async function customerNamesOf(db: Db, rows: readonly ConversationRow[]): Promise<Map<number, { name: string; email: string }>> {
  const people = await findUsersByIds(
    db,
    rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  );
  return new Map(
    rows.map((r) => {
      const person = r.userId ? people.get(r.userId) : undefined;
      if (person) return [r.id, { name: [person.firstName, person.lastName].filter(Boolean).join(' '), email: person.email }];
      return [r.id, { name: r.visitorName ?? 'Visitor', email: r.visitorEmail ?? '' }];
    }),
  );
}

export async function toConversationView(db: Db, row: ConversationRow): Promise<ChatConversation> {
  const agents = row.assignedAdminId ? await findUsersByIds(db, [row.assignedAdminId]) : new Map();
  return {
    id: row.id,
    status: row.status,
    assignedAgentName: row.assignedAdminId ? (agents.get(row.assignedAdminId)?.firstName ?? 'An agent') : null,
    customerLastReadId: row.customerLastReadId,
    agentLastReadId: row.agentLastReadId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Messages as both sides see them: agents by first name, the customer by their name. */
export async function toMessageViews(db: Db, rows: readonly MessageRow[], conversations: readonly ConversationRow[]): Promise<ChatMessage[]> {
  const agents = await findUsersByIds(
    db,
    rows.flatMap((r) => (r.authorAdminId ? [r.authorAdminId] : [])),
  );
  const customers = await customerNamesOf(db, conversations);
  return rows.map((r) => ({
    id: r.id,
    conversationId: r.conversationId,
    from: r.from,
    authorName: r.from === 'agent' ? (r.authorAdminId ? (agents.get(r.authorAdminId)?.firstName ?? 'Agent') : 'Agent') : (customers.get(r.conversationId)?.name.split(' ')[0] ?? 'Customer'),
    body: r.body,
    clientId: r.clientId,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The newest page of a conversation (or the page before `before`), oldest first. */
export async function messagePage(db: Db, conversation: ConversationRow, before?: number): Promise<{ messages: ChatMessage[]; hasOlder: boolean }> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversation.id), before ? lt(chatMessages.id, before) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_LIMITS.pageSize + 1);
  const hasOlder = rows.length > CHAT_LIMITS.pageSize;
  const page = rows.slice(0, CHAT_LIMITS.pageSize).reverse();
  return { messages: await toMessageViews(db, page, [conversation]), hasOlder };
}

/** Messages after an id, oldest first (a stream's replay), of one conversation or of all. */
export async function messagesAfter(db: Db, afterId: number, conversationId: number | null, limit = 500): Promise<MessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(and(gt(chatMessages.id, afterId), conversationId === null ? undefined : eq(chatMessages.conversationId, conversationId)))
    .orderBy(asc(chatMessages.id))
    .limit(limit);
}

/** The newest message id of all conversations (0 when none): where an agents' stream without a resume point starts. */
export async function newestMessageId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<number | string | null>`max(${chatMessages.id})` }).from(chatMessages);
  return Number(row?.id ?? 0);
}

/** The other side's messages after a read mark. */
export async function unreadCount(db: Db, conversationId: number, from: 'customer' | 'agent', afterId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.from, from), gt(chatMessages.id, afterId)));
  return row?.n ?? 0;
}

/** The newest message id of a conversation (0 when none). */
export async function lastMessageId(db: Db, conversationId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${chatMessages.id})` })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId));
  return Number(row?.id ?? 0);
}

/** The admin home's queue: open conversations waiting for an agent's reply, and since when. */
export function chatQueueSummary(): SQL {
  const c = chatConversations;
  return sql`select count(*)::int as "count", min(${c.waitingSince}) as "oldestAt" from ${c} where ${c.status} = 'open' and ${c.waitingSince} is not null`;
}
