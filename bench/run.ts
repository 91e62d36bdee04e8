/**
 * npm run bench: prints the figures of PERFORMANCE.md as ratios against references measured in the
 * same run (absolute times on a 2-core machine drift from run to run). Set BENCH_DATABASE_URL to a
 * PostgreSQL server to add the PostgreSQL reference. Benchmarks print; they never fail a build.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/platform/db/client';
import { chatBench, chatRows, type ChatFigures } from './chat';
import { INITIAL_JS_BUDGET_BYTES, initialJs, MINIMAL_REACT_PAGE_BYTES } from './initial-js';
import { percentiles, readBench } from './orders';
import { statementBench, statementRows, type StatementFigure } from './statement';
import { scratchDatabase, transferBench, type TransferBench } from './transfer';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;

interface Figure {
  rps: number;
  p99: number;
}

async function measure(
  app: FastifyInstance,
  path: string,
  connections = CONNECTIONS,
  method: 'GET' | 'POST' = 'GET',
  request?: TransferBench['request'],
  headers?: Record<string, string>,
): Promise<Figure> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}${path}`;
  const options = {
    url,
    connections,
    method,
    ...(request ? { headers: request.headers, body: request.body, requests: [{ setupRequest: request.setupRequest }] } : {}),
    ...(headers ? { headers } : {}),
  } as autocannon.Options;
  // warm-up, then the measured run
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: DURATION });
  await app.close();
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

function bareApp(): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get('/ref', async () => ({ ok: true }));
  return app;
}

/** The one-transaction reference: a guarded UPDATE and an INSERT in one transaction. */
async function transactionApp(database: Database): Promise<FastifyInstance> {
  const { sql } = await import('drizzle-orm');
  await database.db.execute(sql`create table if not exists bench_accounts (id int primary key, balance bigint not null check (balance >= 0))`);
  await database.db.execute(sql`create table if not exists bench_entries (id bigserial primary key, account int not null, units bigint not null, created_at timestamptz not null default now())`);
  await database.db.execute(sql`insert into bench_accounts (id, balance) values (1, 1000000000000) on conflict (id) do update set balance = excluded.balance`);
  const app = Fastify({ logger: false });
  app.addHook('onClose', async () => {
    // Transactions still in flight when autocannon stops can deadlock with the DROP: try again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await database.db.execute(sql`drop table if exists bench_entries, bench_accounts`);
        return;
      } catch (err) {
        if (attempt >= 5) throw err;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  });
  app.post('/tx', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update bench_accounts set balance = balance - 1 where id = 1 and balance >= 1`);
      await tx.execute(sql`insert into bench_entries (account, units) values (1, 1)`);
    });
    return { ok: true };
  });
  return app;
}

function row(name: string, f: Figure, ref?: Figure) {
  const ratio = ref ? `${(f.rps / ref.rps).toFixed(2)} ×` : 'reference';
  return `| ${name} | ${Math.round(f.rps).toLocaleString('en-US')} | ${f.p99.toFixed(1)} | ${ratio} |`;
}

const lines: string[] = [];
const bare = await measure(bareApp(), '/ref');
lines.push(row('bare Fastify route (reference)', bare));

const embedded = await openDatabase({});
await embedded.migrate();
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://localhost:3000',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  FILE_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
  LINK_SIGNING_SECRET: randomBytes(32).toString('base64'),
});
const health = await measure(await buildApp({ config, database: embedded }), '/api/health');
lines.push(row('GET /api/health (full app, PGlite)', health, bare));
const prices = await measure(await buildApp({ config, database: embedded }), '/api/order/get_price');
lines.push(row('GET /api/order/get_price (full app; target ≥ 0.5 ×)', prices, bare));

const pgliteTx = await measure(await transactionApp(embedded), '/tx', 1, 'POST');
lines.push(row('one transaction, PGlite (sequential, reference)', pgliteTx));
// Statements of 10,000 transactions in each format, and 10 at once (also alone: npx tsx bench/statement.ts).
const statements: StatementFigure[] = await statementBench(config, embedded, 'PGlite');
let chat: ChatFigures | undefined;
await embedded.close();

if (process.env.BENCH_DATABASE_URL) {
  const server = await openDatabase({ url: process.env.BENCH_DATABASE_URL, poolSize: 10 });
  const pgTx = await measure(await transactionApp(server), '/tx', CONNECTIONS, 'POST');
  lines.push(row('one transaction, PostgreSQL pool 10 (reference)', pgTx));
  await server.close();

  const scratch = await scratchDatabase(process.env.BENCH_DATABASE_URL);
  for (const senders of [1, 200]) {
    const bench = await transferBench(config, scratch.database, senders);
    const figure = await measure(bench.app, '/api/order/create_order', CONNECTIONS, 'POST', bench.request);
    lines.push(row(`POST create_order TRANSFER, PostgreSQL, ${senders} sender(s) (target ≥ 0.6 × the PostgreSQL reference)`, figure, pgTx));
  }
  await scratch.drop();

  // GET /api/user for a person with 10,000 orders: balances and costs are stored, so the history's length must not matter.
  const history = await scratchDatabase(process.env.BENCH_DATABASE_URL);
  const dashboard = await readBench(config, history.database, 10_000, 10_000);
  const bundle = await measure(dashboard.app, '/api/user', CONNECTIONS, 'GET', undefined, { cookie: dashboard.cookie });
  lines.push(row('GET /api/user, 10,000 orders, PostgreSQL (target ≥ 0.5 × the PostgreSQL reference)', bundle, pgTx));
  await history.drop();

  // getTransactions pages over 1,000,000 orders (30,000 of them the reader's), against a primary-key lookup.
  const big = await scratchDatabase(process.env.BENCH_DATABASE_URL);
  const reads = await readBench(config, big.database, 30_000, 1_000_000);
  const pk = await percentiles(reads.app, reads.cookie, [`/api/order/get_order_details/${reads.someOrderId}`]);
  const filters = [
    '',
    '&orderStatus=Completed',
    '&orderType=TRANSFER',
    '&unitType=LAND_EUR&paymentMethod=None',
    '&fromDate=2025-06-01&toDate=2025-09-30',
    '&sortBy=numberOfUnits&sortDirection=asc',
    '&sortBy=orderStatus',
    '&page=40',
  ];
  const pages = await percentiles(
    reads.app,
    reads.cookie,
    filters.map((f) => `/api/order/getTransactions?pageSize=20${f}`),
  );
  lines.push(`| GET get_order_details (primary-key lookup, reference), 1,000,000 orders | p50 ${pk.p50.toFixed(2)} ms | p95 ${pk.p95.toFixed(2)} ms | reference |`);
  lines.push(
    `| GET getTransactions page of 20, 8 filter mixes, 1,000,000 orders (target p95 ≤ 3 × the reference) | p50 ${pages.p50.toFixed(2)} ms | p95 ${pages.p95.toFixed(2)} ms | ${(pages.p95 / pk.p95).toFixed(2)} × |`,
  );
  await reads.app.close();
  await big.drop();

  // The live chat: 500 open streams on one instance (a child process), memory per connection and delivery latency.
  chat = await chatBench(process.env.BENCH_DATABASE_URL);

  const statementDb = await scratchDatabase(process.env.BENCH_DATABASE_URL);
  statements.push(...(await statementBench(config, statementDb.database, 'PostgreSQL')));
  await statementDb.drop();
}

console.log(`\nLand Units benchmarks (${DURATION} s each, ${CONNECTIONS} connections unless noted), node ${process.version}\n`);
console.log('| what | req/s | p99 ms | ratio |');
console.log('| --- | --- | --- | --- |');
for (const line of lines) console.log(line);

console.log('\n| statement | time | size | server memory growth at peak |');
console.log('| --- | --- | --- | --- |');
for (const line of statementRows(statements)) console.log(line);

if (chat) {
  console.log('\n| live chat (PostgreSQL, one instance) | figures | result |');
  console.log('| --- | --- | --- |');
  for (const line of chatRows(chat)) console.log(line);
} else {
  console.log('\nLive chat: set BENCH_DATABASE_URL (the chat bench runs on PostgreSQL, as production does).');
}

if (existsSync('apps/web/dist/index.html')) {
  const js = initialJs('apps/web/dist');
  console.log(
    `\nInitial JS of / (gzip -9): ${(js.gzipBytes / 1000).toFixed(1)} kB in ${js.files.length} files (budget ${(INITIAL_JS_BUDGET_BYTES / 1000).toFixed(2)} kB = 1.5 × the minimal React page of ${MINIMAL_REACT_PAGE_BYTES / 1000} kB → ${(js.gzipBytes / MINIMAL_REACT_PAGE_BYTES).toFixed(3)} ×)`,
  );
} else {
  console.log('\nInitial JS: build the web app first (npm run build).');
}
