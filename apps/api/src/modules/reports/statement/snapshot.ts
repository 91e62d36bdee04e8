import { sql, type SQL } from 'drizzle-orm';
import { isEmbedded, queryRows, type Db } from '../../../platform/db/client';
import { inTransaction } from '../../../platform/db/transaction';

/** Rows read per round trip: a batch is drawn, then the next is read once the client has taken it. */
export const STATEMENT_BATCH = 500;

/** A query whose rows carry an increasing `id`, built whole (`page` absent) or as one page after `afterId`. */
export type PagedQuery = (page?: { afterId?: string; limit: number }) => SQL;

export interface Snapshot {
  /** The handle to read with: every read sees the same state of the database. */
  db: Db;
  /** Calls `onBatch` with the rows in order, `STATEMENT_BATCH` at a time, until they end or it answers false. */
  batches<T extends { id: string }>(query: PagedQuery, onBatch: (rows: T[]) => Promise<boolean>): Promise<void>;
}

/**
 * Runs `fn` on one consistent view of the database while it streams a long document.
 *
 * - PostgreSQL: a read-only REPEATABLE READ transaction; rows come from a server-side cursor
 *   (DECLARE … CURSOR, FETCH in batches), so neither side holds more than a batch. It keeps one pool
 *   connection for as long as the client takes to download.
 * - The embedded database runs one statement at a time on one connection, and a transaction would
 *   hold it for every other request while a slow client downloads. There each batch is its own
 *   short query after the last id read; the caller bounds the ids by the last one its totals saw
 *   (entries are append-only and nothing commits between two statements out of id order there),
 *   so every batch reads the state the totals were taken from.
 */
export async function withSnapshot<T>(db: Db, fn: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  if (isEmbedded(db)) {
    return fn({
      db,
      async batches<R extends { id: string }>(query: PagedQuery, onBatch: (rows: R[]) => Promise<boolean>) {
        let afterId: string | undefined;
        for (;;) {
          const rows = await queryRows<R>(db, query({ ...(afterId ? { afterId } : {}), limit: STATEMENT_BATCH }));
          if (rows.length === 0) return;
          if (!(await onBatch(rows))) return;
          if (rows.length < STATEMENT_BATCH) return;
          afterId = rows[rows.length - 1]!.id;
        }
      },
    });
  }
  return inTransaction(
    db,
    (tx) => {
      let cursors = 0;
      return fn({
        db: tx,
        async batches<R extends { id: string }>(query: PagedQuery, onBatch: (rows: R[]) => Promise<boolean>) {
          const name = sql.raw(`statement_rows_${(cursors += 1)}`);
          await tx.execute(sql`declare ${name} no scroll cursor for ${query()}`);
          // A failed read ends the transaction, and its cursors with it: close only after a clean run.
          for (;;) {
            const rows = await queryRows<R>(tx, sql`fetch ${sql.raw(String(STATEMENT_BATCH))} from ${name}`);
            if (rows.length === 0 || !(await onBatch(rows)) || rows.length < STATEMENT_BATCH) break;
          }
          await tx.execute(sql`close ${name}`);
        },
      });
    },
    { retries: 0, config: { isolationLevel: 'repeatable read', accessMode: 'read only' } },
  );
}
