import type { ContactMessagesPage, ContactMessagesQuery } from '@landunits/domain/contracts';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { contactMessages as m } from './schema';
import { toItem } from './store';

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
