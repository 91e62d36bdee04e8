import { CONTACT_ADMIN_MESSAGES as M, type ContactMessageDetail, type ContactMessageItem, type ContactMessagesPage, type ContactMessagesQuery } from '@landunits/domain/contracts';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { findUsersByIds } from '../users';
import { contactMessages as m, contactReplies as r } from './schema';

/** The admins' inbox of contact messages (GET /api/admin/contact-messages and /:id). */

export type ContactMessageRow = typeof m.$inferSelect;

const EXCERPT_LENGTH = 160;
const excerptOf = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text);

/** A message id from the path: digits only (anything else is a message nobody has). */
export function messageIdOf(raw: string): number {
  const id = /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new AppError('NOT_FOUND', M.notFound);
  return id;
}

function toItem(row: ContactMessageRow): ContactMessageItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    excerpt: excerptOf(row.message),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `%`, `_` and `\` typed by the admin match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of messages matching the filters, with the counts per status of all of them. */
export async function listContactMessages(db: Db, q: ContactMessagesQuery): Promise<ContactMessagesPage> {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(m.status, q.status));
  if (q.q) {
    const pattern = likePattern(q.q);
    filters.push(or(ilike(m.name, pattern), ilike(m.email, pattern), ilike(m.subject, pattern), ilike(m.message, pattern)) as SQL);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const dir = q.direction === 'asc' ? asc : desc;
  const orderBy = q.sort === 'email' ? [dir(m.email), dir(m.id)] : [dir(m.createdAt), dir(m.id)];
  const [rows, total, [counts]] = await Promise.all([
    db
      .select()
      .from(m)
      .where(where)
      .orderBy(...orderBy)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(m, where),
    db
      .select({
        new: sql<number>`count(*) filter (where ${m.status} = 'new')::int`,
        answered: sql<number>`count(*) filter (where ${m.status} = 'answered')::int`,
        closed: sql<number>`count(*) filter (where ${m.status} = 'closed')::int`,
      })
      .from(m),
  ]);
  return { messages: rows.map(toItem), counts: counts ?? { new: 0, answered: 0, closed: 0 }, total, page: q.page, pageSize: q.pageSize };
}

/** The message as an admin reads it, with every reply, oldest first. */
export async function contactMessageDetail(db: Db, row: ContactMessageRow): Promise<ContactMessageDetail> {
  const replies = await db.select().from(r).where(eq(r.messageId, row.id)).orderBy(asc(r.id));
  const people = await findUsersByIds(db, [...replies.map((reply) => reply.adminUserId), ...(row.userId ? [row.userId] : [])]);
  const nameOf = (id: string) => {
    const person = people.get(id);
    return person ? [person.firstName, person.lastName].filter(Boolean).join(' ') : null;
  };
  const { excerpt: _excerpt, ...item } = toItem(row);
  return {
    message: { ...item, message: row.message, accountEmail: row.userId ? (people.get(row.userId)?.email ?? null) : null },
    replies: replies.map((reply) => ({
      id: reply.id,
      adminUserId: reply.adminUserId,
      adminName: nameOf(reply.adminUserId),
      body: reply.body,
      createdAt: reply.createdAt.toISOString(),
    })),
  };
}

export async function findContactMessage(db: Db, id: number, options: { lock?: boolean } = {}): Promise<ContactMessageRow> {
  const query = db.select().from(m).where(eq(m.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

/** The home's queue: messages nobody has answered yet, and when the oldest came in. */
export function contactQueueSummary(): SQL {
  return sql`select count(*)::int as "count", min(${m.createdAt}) as "oldestAt" from ${m} where ${m.status} = 'new'`;
}
