import { CONTACT_ADMIN_MESSAGES as M, type ContactMessageDetail, type ContactMessageItem } from '@landunits/domain/contracts';
import { asc, eq } from 'drizzle-orm';
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

export function toItem(row: ContactMessageRow): ContactMessageItem {
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
