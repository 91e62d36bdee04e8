import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/platform';

/** One email as the outbox kept it: to whom, what about, and whether it went out. */
export interface SentEmail {
  id: string;
  to: string;
  subject: string;
  status: 'queued' | 'sent' | 'failed';
  queuedAt: Date;
  sentAt: Date | null;
  attempts: number;
}

/** A discarded email (given up by an admin after it failed) never went out. */
const STATUS = { pending: 'queued', done: 'sent', failed: 'failed', discarded: 'failed' } as const;

/**
 * The emails queued for these addresses (a person's address and their earlier ones), newest first:
 * every email goes through the outbox (`enqueueEmail`), so its `email` jobs are the history of what
 * was sent to someone, whichever mailer delivered it. Indexed by address (outbox_email_to_idx).
 */
export async function emailsSentTo(db: Db, addresses: readonly string[], limit = 50): Promise<SentEmail[]> {
  const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))];
  if (wanted.length === 0) return [];
  const to = sql<string>`lower(${outbox.payload} ->> 'to')`;
  const rows = await db
    .select({
      id: outbox.id,
      to: sql<string>`${outbox.payload} ->> 'to'`,
      subject: sql<string>`${outbox.payload} ->> 'subject'`,
      status: outbox.status,
      createdAt: outbox.createdAt,
      doneAt: outbox.doneAt,
      attempts: outbox.attempts,
    })
    .from(outbox)
    .where(and(eq(outbox.kind, 'email'), inArray(to, wanted)))
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: String(row.id),
    to: row.to,
    subject: row.subject,
    status: STATUS[row.status],
    queuedAt: row.createdAt,
    sentAt: row.status === 'done' ? row.doneAt : null,
    attempts: row.attempts,
  }));
}
