import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import type { Config } from '../apps/api/src/config';
import { createSession } from '../apps/api/src/modules/auth/sessions/store';
import type { Database } from '../apps/api/src/platform/db/client';
import { users } from '../apps/api/src/schema';

/**
 * One health request. The first one may be sent on a keep-alive connection the server closed
 * while the people were being made (ECONNRESET on reuse, seen in about one run in two before and
 * after route contracts); it is sent again once, as a browser does for a GET. Time counts both.
 */
async function probeHealth(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    return fetch(url);
  }
}

/**
 * A statement of 10,000 transactions in each format over real HTTP: its time and the server's peak
 * memory growth while producing it (RSS and heap sampled every 5 ms against the figure just before
 * the request; the client reads and drops the bytes). Then 10 people's statements at once, with
 * /api/health's latency meanwhile (asked one request after another). The history is
 * written straight into the tables (how it was made does not matter to a read).
 */

export interface StatementFigure {
  what: string;
  ms: number;
  bytes: number;
  rssGrowthMb: number;
  heapGrowthMb: number;
  /** GET /api/health answered one after another while the statements were drawn (ms). */
  health?: { p50: number; p99: number; count: number };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

async function person(database: Database, tag: string, i: number) {
  const [row] = await database.db
    .insert(users)
    .values({ email: `bench-statement${i}.${tag}@example.com`, firstName: i === 0 ? 'Bench' : 'Other', lastName: 'Statement', userType: 'USER', passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning();
  return row!;
}

/** `count` postings for `userId` over the last 360 days: 3 in 5 paid buys of 10 Units (with fees), 1 in 5 transfers of 1 to `otherId`, 1 in 5 sales of 1. */
export async function insertHistory(database: Database, userId: string, otherId: string, count: number): Promise<void> {
  const db = database.db;
  const holder = `user:${userId}`;
  await db.execute(
    sql`insert into ledger_accounts (holder, unit_type, bucket) values (${holder}, 'LAND_POUND', 'owned'), (${`user:${otherId}`}, 'LAND_POUND', 'owned'), ('system:issuer', 'LAND_POUND', 'supply') on conflict do nothing`,
  );
  await db.execute(sql`
    insert into orders (id, user_id, order_type, order_status, payment_method, unit_type, number_of_units, recipient_user_id, recipient_email, price_per_unit, amount_cents, payment_details, details, created_at, updated_at)
    select '0' || lpad(upper(to_hex(g)), 9, '0') || substr(translate(md5(${userId} || g::text), 'abcdef', 'ABCDEF') || 'ABCDEFGHJKMNPQRS', 1, 16),
      ${userId}::uuid,
      case when g % 5 < 3 then 'BUY' when g % 5 = 3 then 'TRANSFER' else 'SELL' end,
      case when g % 5 < 3 then 'Approved' when g % 5 = 3 then 'Completed' else 'AllUnitSold' end,
      case when g % 5 < 3 then 'Bank' else 'None' end,
      'LAND_POUND', case when g % 5 < 3 then 10 else 1 end,
      case when g % 5 = 3 then ${otherId}::uuid end, case when g % 5 = 3 then 'other@example.com' end,
      '1.100000', case when g % 5 < 3 then 1200 else 110 end,
      case when g % 5 < 3 then '{"currency":"GBP","paymentMethod":"Bank","subTotal":1100,"discount":0,"transactionFee":100,"paymentMethodFees":{"fixedPercentageFees":0,"fixedCentsFees":0},"paymentAmount":1200}'::jsonb
           when g % 5 = 4 then '{"currency":"GBP","paymentMethod":"None","subTotal":110,"discount":0,"transactionFee":0,"paymentMethodFees":{"fixedPercentageFees":0,"fixedCentsFees":0},"paymentAmount":110}'::jsonb end,
      '{"fees":{"buyOrderTransactionFeeInCents":100,"sellOrderTransactionFeeInUnits":0,"convertOrderTransactionFeeInUnits":0}}'::jsonb,
      now() - interval '360 days' + g * (interval '360 days' / ${count}), now()
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    with a as (select
      (select id from ledger_accounts where holder = ${holder} and unit_type = 'LAND_POUND' and bucket = 'owned') as mine,
      (select id from ledger_accounts where holder = ${`user:${otherId}`} and unit_type = 'LAND_POUND' and bucket = 'owned') as other,
      (select id from ledger_accounts where holder = 'system:issuer' and unit_type = 'LAND_POUND' and bucket = 'supply') as issuer)
    insert into ledger_entries (order_id, debit_account, credit_account, units, created_at)
    select o.id,
      case when o.order_type = 'BUY' then a.issuer else a.mine end,
      case when o.order_type = 'BUY' then a.mine when o.order_type = 'TRANSFER' then a.other else a.issuer end,
      o.number_of_units, o.created_at
    from orders o, a where o.user_id = ${userId}::uuid order by o.id`);
  await db.execute(sql`
    update ledger_accounts l set balance = coalesce((select sum(units) from ledger_entries where credit_account = l.id), 0) - coalesce((select sum(units) from ledger_entries where debit_account = l.id), 0)
    where l.holder in (${holder}, ${`user:${otherId}`}, 'system:issuer') and l.unit_type = 'LAND_POUND'`);
  await db.execute(sql`analyze`);
}

/** Runs `fn` while sampling this process's memory; the growth over the figure before it, at its peak. */
async function sampled<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; rssGrowthMb: number; heapGrowthMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 5);
  const started = performance.now();
  try {
    const value = await fn();
    return { value, ms: performance.now() - started, rssGrowthMb: (rss - base.rss) / 1e6, heapGrowthMb: (heap - base.heapUsed) / 1e6 };
  } finally {
    clearInterval(timer);
  }
}

/** GET a URL and count its bytes as they arrive, keeping none. */
async function drain(url: string, cookie: string): Promise<number> {
  const res = await fetch(url, { headers: { cookie } });
  if (res.status !== 200 || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.byteLength;
  }
}

export async function statementBench(config: Config, database: Database, label: string, transactions = 10_000): Promise<StatementFigure[]> {
  const app = await buildApp({ config, database });
  const tag = randomUUID().slice(0, 8);
  const reader = await person(database, tag, 0);
  const other = await person(database, tag, 1);
  await insertHistory(database, reader.id, other.id, transactions);
  const cookie = `lu_session=${await createSession(app.ctx, database.db, reader.id)}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const url = (format: string) => `http://127.0.0.1:${address.port}/api/utility/generate-statement?format=${format}&fromDate=${from}&toDate=${to}`;
  const figures: StatementFigure[] = [];
  try {
    await drain(url('csv'), cookie); // warm-up
    for (const format of ['pdf', 'csv', 'xlsx']) {
      const run = await sampled(() => drain(url(format), cookie));
      figures.push({
        what: `${format.toUpperCase()} statement, ${transactions.toLocaleString('en-US')} transactions, ${label}`,
        ms: run.ms,
        bytes: run.value,
        rssGrowthMb: run.rssGrowthMb,
        heapGrowthMb: run.heapGrowthMb,
      });
    }
    // Ten people's statements at once (one person's documents are drawn one at a time), while a
    // client asks /api/health one request after another: how long the main thread keeps it waiting.
    const readers = [{ id: reader.id, cookie }];
    for (let i = 2; readers.length < 10; i += 1) {
      const someone = await person(database, tag, i);
      await insertHistory(database, someone.id, other.id, transactions);
      readers.push({ id: someone.id, cookie: `lu_session=${await createSession(app.ctx, database.db, someone.id)}` });
    }
    let rendering = true;
    const health: number[] = [];
    const probe = (async () => {
      while (rendering) {
        const started = performance.now();
        const res = await probeHealth(`http://127.0.0.1:${address.port}/api/health`);
        await res.arrayBuffer();
        health.push(performance.now() - started);
      }
    })();
    const together = await sampled(() => Promise.all(readers.map((r) => drain(url('pdf'), r.cookie)))).finally(() => (rendering = false));
    await probe;
    figures.push({
      what: `10 PDF statements at once (10 people), ${label}`,
      ms: together.ms,
      bytes: together.value.reduce((a, b) => a + b, 0),
      rssGrowthMb: together.rssGrowthMb,
      heapGrowthMb: together.heapGrowthMb,
      health: { p50: percentile(health, 0.5), p99: percentile(health, 0.99), count: health.length },
    });
  } finally {
    await app.close();
  }
  return figures;
}

export function statementRows(figures: readonly StatementFigure[]): string[] {
  return figures.map(
    (f) =>
      `| ${f.what} (target peak growth ≤ 64 MB${f.health ? '; /api/health p99 < 100 ms meanwhile' : ''}) | ${(f.ms / 1000).toFixed(2)} s | ${(f.bytes / 1e6).toFixed(1)} MB | RSS +${f.rssGrowthMb.toFixed(1)} MB, heap +${f.heapGrowthMb.toFixed(1)} MB` +
      (f.health ? `; /api/health p50 ${f.health.p50.toFixed(1)} ms, p99 ${f.health.p99.toFixed(1)} ms (${f.health.count} requests)` : '') +
      ' |',
  );
}

// `npx tsx bench/statement.ts`: only the statement figures (PGlite unless BENCH_PGLITE=off, and PostgreSQL with BENCH_DATABASE_URL).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { loadConfig } = await import('../apps/api/src/config');
  const { openDatabase } = await import('../apps/api/src/platform/db/client');
  const { scratchDatabase } = await import('./transfer');
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    FILE_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    LINK_SIGNING_SECRET: randomBytes(32).toString('base64'),
  });
  const figures: StatementFigure[] = [];
  // BENCH_PGLITE=off: PostgreSQL only (the PGlite runs take minutes).
  if (process.env.BENCH_PGLITE !== 'off') {
    const embedded = await openDatabase({});
    await embedded.migrate();
    figures.push(...(await statementBench(config, embedded, 'PGlite')));
    await embedded.close();
  }
  if (process.env.BENCH_DATABASE_URL) {
    const scratch = await scratchDatabase(process.env.BENCH_DATABASE_URL);
    figures.push(...(await statementBench(config, scratch.database, 'PostgreSQL')));
    await scratch.drop();
  }
  console.log('| what | time | size | server memory growth at peak |');
  console.log('| --- | --- | --- | --- |');
  for (const line of statementRows(figures)) console.log(line);
}
