import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../platform/db/client';

/**
 * A database upgraded to invoices (decision 0024): the migration numbers the orders paid before it,
 * per UTC year in the order they were paid, and sets each year's counter, so the next approval
 * follows on. Run on an embedded database migrated up to the migration before, then upgraded.
 */

const INVOICES_MIGRATION = '0020_invoices';
let client: PGlite;
let before: string;

/** A copy of the migrations folder without the invoices migration and any after it. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lu-migrations-'));
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  expect(stop).toBeGreaterThan(0);
  const kept = journal.entries.slice(0, stop);
  await mkdir(path.join(dir, 'meta'));
  await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  const files = new Set(kept.map((e) => `${e.tag}.sql`));
  for (const file of await readdir(MIGRATIONS_DIR)) if (files.has(file)) await copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  return dir;
}

const USER_A = '00000000-0000-4000-8000-00000000000a';
const USER_B = '00000000-0000-4000-8000-00000000000b';
const id = (n: number) => `01J000000000000000000000${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  client = new PGlite();
  const db = drizzle(client);
  before = await migrationsBefore(INVOICES_MIGRATION);
  await migrate(db, { migrationsFolder: before });
  await db.execute(sql`insert into users (id, email, first_name, user_type, password_hash) values
    (${USER_A}, 'a@example.com', 'Ann', 'USER', 'x'), (${USER_B}, 'b@example.com', 'Ben', 'BUSINESS', 'x')`);
  // [id, user, type, status, method, when it became paid (null: never)]
  const orders: [number, string, string, string, string, string | null][] = [
    [1, USER_A, 'BUY', 'Approved', 'Bank', '2025-12-31T23:30:00Z'],
    [2, USER_B, 'BUY', 'Completed', 'Card_Stripe', '2026-01-02T08:00:00Z'],
    [3, USER_A, 'SELL', 'Completed', 'None', '2026-01-01T00:10:00Z'],
    [4, USER_A, 'BUY', 'PaymentSent', 'Bank', null],
    [5, USER_B, 'BUY', 'Approved', 'Crypto', '2025-06-01T12:00:00Z'],
    [6, USER_A, 'SELL', 'AllUnitSold', 'None', null],
    [7, USER_B, 'TRANSFER', 'Completed', 'None', '2025-07-01T00:00:00Z'],
    [8, USER_A, 'BUY', 'Failed', 'Bank', null],
  ];
  for (const [n, user, type, status, method, paidAt] of orders) {
    await db.execute(sql`insert into orders (id, user_id, order_type, order_status, payment_method, unit_type, number_of_units, created_at, updated_at)
      values (${id(n)}, ${user}, ${type}, ${status}, ${method}, 'LAND_POUND', 10, '2025-01-01T00:00:00Z', ${paidAt ?? '2025-01-01T00:00:00Z'})`);
    if (paidAt) {
      await db.execute(sql`insert into order_status_history (order_id, from_status, to_status, actor, created_at) values (${id(n)}, null, ${status}, 'system', ${paidAt})`);
      // A later status row (an unlock, say) must not move the date.
      await db.execute(sql`insert into order_status_history (order_id, from_status, to_status, actor, created_at) values (${id(n)}, ${status}, ${status}, 'system', '2026-06-01T00:00:00Z')`);
    }
  }
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
});
afterAll(async () => {
  await client.close();
  await rm(before, { recursive: true, force: true });
});

describe('upgrading a database with paid orders', () => {
  it('numbers every paid buy and completed sale per year, in the order they were paid', async () => {
    const { rows } = await client.query<{ number: string; kind: string; order_id: string; user_id: string; issued_at: Date }>(
      'select number, kind, order_id, user_id, issued_at from invoices order by year, sequence',
    );
    expect(rows.map((r) => [r.number, r.kind, r.order_id])).toEqual([
      ['LU-2025-000001', 'invoice', id(5)],
      ['LU-2025-000002', 'invoice', id(1)],
      ['LU-2026-000001', 'sale_statement', id(3)],
      ['LU-2026-000002', 'invoice', id(2)],
    ]);
    expect(rows[1]?.issued_at.toISOString()).toBe('2025-12-31T23:30:00.000Z');
    expect(rows.find((r) => r.order_id === id(2))?.user_id).toBe(USER_B);
  });

  it('sets each year’s counter to its last number, so the next invoice follows on', async () => {
    const { rows } = await client.query<{ year: number; last_number: number }>('select year, last_number from invoice_counters order by year');
    expect(rows).toEqual([
      { year: 2025, last_number: 2 },
      { year: 2026, last_number: 2 },
    ]);
  });
});
