import type { SubscribersPage, SubscribersQuery } from '@landunits/domain/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { newsletterSubscribers as s } from './schema';
import { selection, STATUS_WHERE, toSubscriber } from './store';

async function countsByStatus(db: Db): Promise<SubscribersPage['counts']> {
  const [row] = await db
    .select({
      confirmed: sql<number>`count(*) filter (where ${STATUS_WHERE.confirmed})::int`,
      pending: sql<number>`count(*) filter (where ${STATUS_WHERE.pending})::int`,
      unsubscribed: sql<number>`count(*) filter (where ${STATUS_WHERE.unsubscribed})::int`,
    })
    .from(s);
  return row ?? { confirmed: 0, pending: 0, unsubscribed: 0 };
}

/** One page of the subscribers matching the filters, with the counts per status of all of them. */
export async function listSubscribers(db: Db, q: SubscribersQuery): Promise<SubscribersPage> {
  const { where, orderBy } = selection(q);
  const [rows, total, counts] = await Promise.all([
    db
      .select()
      .from(s)
      .where(where)
      .orderBy(...orderBy)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(s, where),
    countsByStatus(db),
  ]);
  return { subscribers: rows.map(toSubscriber), counts, total, page: q.page, pageSize: q.pageSize };
}
