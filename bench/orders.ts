import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import type { Config } from '../apps/api/src/config';
import { createSession } from '../apps/api/src/modules/auth/sessions/store';
import { postTransfers, systemHolder, userHolder } from '../apps/api/src/modules/ledger';
import { queryRows, type Database } from '../apps/api/src/platform/db/client';
import { users } from '../apps/api/src/schema';
import { inTransaction } from '../apps/api/src/platform/db/transaction';

/**
 * Order history at scale, written straight into the tables with generate_series (the benchmarks
 * measure reads; how the rows were made does not matter). Ids are valid ULID-shaped strings that
 * sort by creation.
 */

async function person(database: Database, tag: string, i: number) {
  const [row] = await database.db
    .insert(users)
    .values({ email: `bench-orders${i}.${tag}@example.com`, firstName: 'Bench', lastName: 'Reader', userType: 'USER', passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning();
  return row!;
}

/**
 * Inserts `count` orders for `userId` (and, when `recipientId` is given, every 4th a transfer to
 * them: one in 50), spread over the last two years, every type and status mix. Also gives the user Units, so
 * the dashboard has real balances.
 */
export async function insertOrders(database: Database, userId: string, count: number, recipientId?: string): Promise<void> {
  const chunk = 100_000;
  for (let start = 0; start < count; start += chunk) {
    const n = Math.min(chunk, count - start);
    await database.db.execute(sql`
      insert into orders (id, user_id, order_type, order_status, payment_method, unit_type, number_of_units, recipient_user_id, recipient_email,
                          price_per_unit, amount_cents, created_at, updated_at)
      select
        -- 10 time characters from the row number (sortable) + 16 random ones
        '0' || lpad(upper(to_hex(${start} + g)), 9, '0') || substr(translate(md5(random()::text || g::text), 'abcdef', 'ABCDEF') || 'ABCDEFGHJKMNPQRS', 1, 16),
        ${userId}::uuid,
        (array['BUY','SELL','TRANSFER','TRANSFER_FUTURE','CONVERT'])[1 + g % 5],
        (array['Completed','Approved','Cancelled','Failed','Expired','PaymentSent','Scheduled','FundsWaitingApproval'])[1 + g % 8],
        case when g % 5 = 0 then 'Bank' else 'None' end,
        (array['LAND_POUND','LAND_USD','LAND_EUR','LAND_AUD'])[1 + g % 4],
        1 + g % 500,
        case when ${recipientId ?? null}::uuid is not null and g % 50 = 2 then ${recipientId ?? null}::uuid end,
        null,
        '1.100000', (1 + g % 500) * 110,
        now() - ((${start} + g) % 730) * interval '1 day' - (g % 86400) * interval '1 second',
        now()
      from generate_series(1, ${n}) as g`);
  }
  await inTransaction(database.db, (tx) =>
    postTransfers(tx, [
      { from: { holder: systemHolder('issuer'), unitType: 'LAND_POUND', bucket: 'supply' }, to: { holder: userHolder(userId), unitType: 'LAND_POUND', bucket: 'owned' }, units: 1_000 },
    ]),
  );
  await database.db.execute(sql`vacuum analyze orders`);
}

export interface ReadBench {
  app: FastifyInstance;
  cookie: string;
  /** An order id of the reader, for the primary-key reference. */
  someOrderId: string;
}

/** A reader with `own` orders of their own in a table of `total` orders (the rest belong to others). */
export async function readBench(config: Config, database: Database, own: number, total: number): Promise<ReadBench> {
  const app = await buildApp({ config, database });
  const tag = randomUUID().slice(0, 8);
  const reader = await person(database, tag, 0);
  const other = await person(database, tag, 1);
  await insertOrders(database, reader.id, own, other.id);
  if (total > own) await insertOrders(database, other.id, total - own, reader.id);
  const token = await createSession(app.ctx, database.db, reader.id);
  const [row] = await queryRows<{ id: string }>(database.db, sql`select id from orders where user_id = ${reader.id}::uuid limit 1`);
  if (!row) throw new Error('no order inserted');
  return { app, cookie: `lu_session=${token}`, someOrderId: row.id };
}

/** p50/p95 of `count` sequential requests (ms), through app.inject. */
export async function percentiles(app: FastifyInstance, cookie: string, paths: readonly string[], count = 400): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < count + 20; i++) {
    const url = paths[i % paths.length]!;
    const started = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i >= 20) times.push(ms); // the first 20 warm up
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}
