import type { Subscriber, SubscribersCsvQuery, SubscribersPage, SubscribersQuery, SubscriberStatus } from '@landunits/domain/contracts';
import { and, asc, desc, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import type { CsvColumn } from '../../platform/http/csv';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { newsletterSubscribers as s } from './schema';

/** The admins' view of the newsletter's readers (GET /api/admin/subscribers and its CSV export). */

const STATUS_WHERE: Readonly<Record<SubscriberStatus, SQL>> = {
  confirmed: and(isNotNull(s.confirmedAt), isNull(s.unsubscribedAt)) as SQL,
  pending: and(isNull(s.confirmedAt), isNull(s.unsubscribedAt)) as SQL,
  unsubscribed: isNotNull(s.unsubscribedAt),
};

type Row = typeof s.$inferSelect;

const statusOf = (row: Row): SubscriberStatus => (row.unsubscribedAt ? 'unsubscribed' : row.confirmedAt ? 'confirmed' : 'pending');

function toSubscriber(row: Row): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: statusOf(row),
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  };
}

/** `%`, `_` and `\` typed by the admin match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function selection(q: SubscribersCsvQuery) {
  const filters: SQL[] = [];
  if (q.status) filters.push(STATUS_WHERE[q.status]);
  if (q.q) filters.push(ilike(s.email, likePattern(q.q.toLowerCase())));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const dir = q.direction === 'asc' ? asc : desc;
  const orderBy = q.sort === 'email' ? [dir(s.email)] : [dir(s.createdAt), dir(s.id)];
  return { where, orderBy };
}

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

export const SUBSCRIBER_CSV_COLUMNS: readonly CsvColumn<Subscriber>[] = [
  { header: 'Email', value: (r) => r.email },
  { header: 'Status', value: (r) => r.status },
  { header: 'Signed up', value: (r) => r.createdAt },
  { header: 'Confirmed', value: (r) => r.confirmedAt },
  { header: 'Unsubscribed', value: (r) => r.unsubscribedAt },
];

/**
 * Every subscriber matching the filters, for the CSV download. Exporting personal data is an admin
 * action: the audit row (filters and number of rows as `after`) is written in the same transaction
 * as the read, so no export leaves without its row.
 */
export async function exportSubscribers(ctx: AppContext, admin: AuditActor, q: SubscribersCsvQuery): Promise<Subscriber[]> {
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'subscribers.read');
    const { where, orderBy } = selection(q);
    const rows = (
      await tx
        .select()
        .from(s)
        .where(where)
        .orderBy(...orderBy)
    ).map(toSubscriber);
    await recordAudit(tx, {
      actor: { ...admin, role },
      at: ctx.clock.now(),
      action: 'subscribers.export',
      targetType: 'newsletterSubscribers',
      targetId: 'csv',
      before: null,
      after: { status: q.status ?? null, q: q.q ?? null, sort: q.sort, direction: q.direction, rows: rows.length },
    });
    return rows;
  });
}

/** The file name of an export made on `now`'s day (UTC). */
export const subscribersCsvName = (now: Date) => `subscribers-${now.toISOString().slice(0, 10)}.csv`;
