import type { Subscriber, SubscribersCsvQuery } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import type { CsvColumn } from '../../platform/http/csv';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { newsletterSubscribers as s } from './schema';
import { selection, toSubscriber } from './store';

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
