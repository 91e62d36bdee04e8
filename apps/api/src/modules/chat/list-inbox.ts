import { CHAT_LIMITS, type ChatInboxQuery } from '@landunits/domain';
import type { ChatInboxPage } from '@landunits/domain/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { chatConversations, chatMessages } from './schema';
import { customerNamesOf, toConversationView } from './store';

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
