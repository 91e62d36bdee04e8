import { CHAT_LIMITS, CHAT_MESSAGES as M, TransactionsQuerySchema, type ChatInboxQuery, type ChatSendInput } from '@landunits/domain';
import type { AdminChatDetail, ChatConversationAnswer, ChatCustomerPanel, ChatInboxPage, ChatMessage } from '@landunits/domain/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { MINUTE } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import type { Limit } from '../../platform/security/rate-limit';
import { recordAudit, type AuditActor } from '../audit';
import { notify as notifyPerson } from '../notifications';
import { getTransactions } from '../orders';
import { findUserById } from '../users';
import { notify } from './events';
import { chatConversations, chatMessages } from './schema';
import { customerNamesOf, findConversation, lockConversation, messagePage, serializeMessageIds, toConversationView, toMessageViews, type ConversationRow } from './store';

/** The agents' side (permission chat.answer): the inbox, one conversation, assign, reply, close. */

export const agentSendLimit = (adminId: string): Limit => ({ key: `chat:agent:${adminId}`, max: 60, windowMs: MINUTE });

/**
 * Per conversation of an inbox page: its own latest message (first 140 characters) and the number
 * of the customer's messages after the agent's read mark. Two grouped queries over the page's ids,
 * each joined on its conversation, never a subquery whose column could resolve to another table.
 */
async function latestAndUnread(db: Db, ids: readonly number[]): Promise<{ latest: Map<number, string>; unread: Map<number, number> }> {
  if (ids.length === 0) return { latest: new Map(), unread: new Map() };
  const m = chatMessages;
  const c = chatConversations;
  const [latest, unread] = await Promise.all([
    db
      .selectDistinctOn([m.conversationId], { conversationId: m.conversationId, body: sql<string>`left(${m.body}, 140)` })
      .from(m)
      .where(inArray(m.conversationId, [...ids]))
      .orderBy(m.conversationId, desc(m.id)),
    db
      .select({ conversationId: m.conversationId, n: count() })
      .from(m)
      .innerJoin(c, eq(c.id, m.conversationId))
      .where(and(inArray(m.conversationId, [...ids]), eq(m.from, 'customer'), gt(m.id, c.agentLastReadId)))
      .groupBy(m.conversationId),
  ]);
  return {
    latest: new Map(latest.map((row) => [row.conversationId, row.body])),
    unread: new Map(unread.map((row) => [row.conversationId, Number(row.n)])),
  };
}

export async function listInbox(db: Db, adminId: string, q: ChatInboxQuery): Promise<ChatInboxPage> {
  const c = chatConversations;
  const filters: (SQL | undefined)[] = [eq(c.status, q.status)];
  if (q.view === 'unassigned') filters.push(isNull(c.assignedAdminId));
  if (q.view === 'mine') filters.push(eq(c.assignedAdminId, adminId));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: c })
      .from(c)
      .where(where)
      // Oldest waiting first; then the ones nobody waits on, most recent talk first.
      .orderBy(sql`${c.waitingSince} asc nulls last`, sql`${c.lastMessageAt} desc nulls last`, asc(c.id))
      .limit(CHAT_LIMITS.inboxPageSize)
      .offset((q.page - 1) * CHAT_LIMITS.inboxPageSize),
    db.select({ n: count() }).from(c).where(where),
  ]);
  const [names, talk, agents] = await Promise.all([
    customerNamesOf(
      db,
      rows.map((r) => r.row),
    ),
    latestAndUnread(
      db,
      rows.map((r) => r.row.id),
    ),
    Promise.all(rows.map((r) => toConversationView(db, r.row))),
  ]);
  return {
    conversations: rows.map((r, i) => ({
      id: r.row.id,
      customerName: names.get(r.row.id)?.name ?? '',
      customerEmail: names.get(r.row.id)?.email ?? '',
      kind: r.row.userId ? 'user' : 'visitor',
      status: r.row.status,
      assignedAgentName: agents[i]?.assignedAgentName ?? null,
      waitingSince: r.row.waitingSince?.toISOString() ?? null,
      lastMessage: talk.latest.get(r.row.id) ?? null,
      lastMessageAt: r.row.lastMessageAt?.toISOString() ?? null,
      unread: talk.unread.get(r.row.id) ?? 0,
      createdAt: r.row.createdAt.toISOString(),
    })),
    view: q.view,
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: CHAT_LIMITS.inboxPageSize,
  };
}

async function customerPanel(db: Db, userId: string): Promise<ChatCustomerPanel | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const { transactions } = await getTransactions(db, userId, TransactionsQuerySchema.parse({ pageSize: '5' }));
  return {
    userId,
    verificationStatus: { profile: user.profileVerificationStatus, bank: user.bankVerificationStatus },
    recentOrders: transactions.slice(0, 5).map((o) => ({
      id: o.orderId,
      type: o.orderType,
      status: o.statusLabel,
      amount: `${o.currencyUnit.numberOfUnits} ${o.currencyUnit.unitType}`,
      date: o.createdAt,
    })),
  };
}

export async function conversationDetail(db: Db, adminId: string, id: number, before?: number): Promise<AdminChatDetail> {
  const row = await findConversation(db, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  const names = await customerNamesOf(db, [row]);
  const page = await messagePage(db, row, before);
  return {
    conversation: {
      ...(await toConversationView(db, row)),
      customerName: names.get(row.id)?.name ?? '',
      customerEmail: names.get(row.id)?.email ?? '',
      kind: row.userId ? 'user' : 'visitor',
      assignedToMe: row.assignedAdminId === adminId,
    },
    ...page,
    customer: row.userId ? await customerPanel(db, row.userId) : null,
  };
}

async function audit(tx: Db, ctx: AppContext, admin: AuditActor, action: string, row: ConversationRow, after: object) {
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

const answer = async (ctx: AppContext, id: number, message: string): Promise<ChatConversationAnswer> => {
  const row = await findConversation(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return { message, conversation: await toConversationView(ctx.db, row) };
};

export async function assignToMe(ctx: AppContext, admin: AuditActor, id: number): Promise<ChatConversationAnswer> {
  const changed = await inTransaction(ctx.db, async (tx) => {
    const row = await lockConversation(tx, id);
    if (row.assignedAdminId === admin.userId) return false;
    await tx.update(chatConversations).set({ assignedAdminId: admin.userId }).where(eq(chatConversations.id, id));
    await audit(tx, ctx, admin, 'chat.assign', row, { assignedAdminId: admin.userId });
    return true;
  });
  if (changed) await notify(ctx, { t: 'c', c: id });
  return answer(ctx, id, M.assigned);
}

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
    await audit(tx, ctx, admin, status === 'closed' ? 'chat.close' : 'chat.reopen', row, { status });
    return true;
  });
  if (changed) await notify(ctx, { t: 'c', c: id });
  return answer(ctx, id, status === 'closed' ? M.closedDone : M.reopened);
}

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
    if (assigned) await audit(tx, ctx, admin, 'chat.assign', row, { assignedAdminId: admin.userId });
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
