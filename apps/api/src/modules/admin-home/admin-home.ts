import { hasPermission, type AdminRole } from '@landunits/domain';
import type { AdminHome, AdminQueue } from '@landunits/domain/contracts';
import { sql } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { queryRows } from '../../platform/db/client';
import { ADMIN_QUEUES, type AdminQueueSource } from './queues';

interface SummaryRow {
  key: string;
  count: number | string;
  oldestAt: Date | string | null;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Waiting queues first, the longest wait first; then the empty ones, in the list's order. */
function byWait(a: AdminQueue, b: AdminQueue): number {
  if (a.oldestAt === null || b.oldestAt === null) return a.oldestAt === null ? (b.oldestAt === null ? 0 : 1) : -1;
  return a.oldestAt < b.oldestAt ? -1 : a.oldestAt > b.oldestAt ? 1 : 0;
}

/**
 * GET /api/admin/home: the queues the admin's role acts on, each with its count and the age of its
 * oldest item, read in one statement (one indexed summary per queue, joined with UNION ALL).
 */
export async function adminHome(ctx: DbContext, role: AdminRole, queues: readonly AdminQueueSource[] = ADMIN_QUEUES): Promise<AdminHome> {
  const mine = queues.filter((queue) => hasPermission(role, queue.permission));
  const now = ctx.clock.now();
  const rows =
    mine.length === 0
      ? []
      : await queryRows<SummaryRow>(
          ctx.db,
          sql.join(
            mine.map((queue) => sql`(select ${queue.key}::text as "key", s."count", s."oldestAt" from (${queue.summary()}) s)`),
            sql` union all `,
          ),
        );
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const answer = mine.map((queue): AdminQueue => {
    const row = byKey.get(queue.key);
    const count = Number(row?.count ?? 0);
    const oldest = count > 0 && row?.oldestAt ? toDate(row.oldestAt) : null;
    return {
      key: queue.key,
      label: queue.label,
      path: queue.path,
      count,
      oldestAt: oldest?.toISOString() ?? null,
      oldestAgeMs: oldest ? Math.max(0, now.getTime() - oldest.getTime()) : null,
    };
  });
  return { queues: answer.sort(byWait), at: now.toISOString() };
}
