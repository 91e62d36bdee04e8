/**
 * The two hot routes with and without the contract check of answers: GET /api/order/get_price
 * (cached, sent pre-serialized) and GET /api/user (the dashboard bundle). HOT_ROUTES_MODE=production
 * (default) builds the app as production serves it (no answer checks); =development checks every
 * answer against its contract, as development and the tests do. Prints requests per second.
 * Run: [BENCH_DATABASE_URL=postgres://…] npx tsx bench/hot-routes.ts
 */
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/platform/db/client';
import { registerAndConfirm } from '../apps/api/src/test/accounts';
import { scratchDatabase } from './transfer';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const production = (process.env.HOT_ROUTES_MODE ?? 'production') === 'production';

async function measure(app: FastifyInstance, path: string, headers: Record<string, string> = {}) {
  const options = { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}${path}`, connections: 50, headers };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return `${Math.round(result.requests.average)} req/s (p99 ${result.latency.p99} ms)`;
}

// BENCH_DATABASE_URL: a PostgreSQL server (a scratch database is made and dropped); else embedded.
const serverUrl = process.env.BENCH_DATABASE_URL;
const scratch = serverUrl ? await scratchDatabase(serverUrl) : null;
const database: Database = scratch?.database ?? (await openDatabase({}));
if (!scratch) await database.migrate();
const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', WEB_DIST_DIR: '/nonexistent-web-dist' });
const setup = await buildApp({ config, database });
const session = await registerAndConfirm(setup, 'bench.hot.routes@example.com');
await setup.close();

// Production's serialization path; everything else of the test configuration stays as it is.
const app = await buildApp({ config: { ...config, isProduction: production }, database });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`mode: ${production ? 'production (answers not checked)' : 'development (answers checked)'}`);
console.log(`GET /api/order/get_price  ${await measure(app, '/api/order/get_price')}`);
console.log(`GET /api/user             ${await measure(app, '/api/user', { cookie: `lu_session=${session}` })}`);
await app.close();
await (scratch ? scratch.drop() : database.close());
