import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { openDatabase, queryRows } from '../../platform/db/client';
import { createMailer } from '../../platform/mail/mailer';
import { LocalFileStore } from '../../platform/storage/local-store';
import { createTestApp, type TestContext } from '../../test/app';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { closeBackends, keySource, KEY_1, startS3StandIn, tempFolder } from '../../test/storage-backends';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { expectedMigration, FAILED_CHECK_REUSE_MS, PASSED_CHECK_REUSE_MS, Readiness } from './readiness';

/**
 * /livez and /readyz against real dependencies: an SMTP server and an S3 stand-in, each behind a
 * relay the test takes down and brings back (src/test/tcp-proxy.ts); on PostgreSQL, the database too.
 */

const clock = new ManualClock();
let ctx: TestContext;
let sink: SmtpSink;
let mailRelay: TcpProxy;
let bucketRelay: TcpProxy;

beforeAll(async () => {
  sink = await startSmtpSink(0);
  mailRelay = await startTcpProxy({ host: '127.0.0.1', port: sink.port });
  const { settings } = await startS3StandIn({ anySecret: true });
  bucketRelay = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(settings.endpoint!).port) });
  ctx = await createTestApp(
    {
      SMTP_URL: `smtp://127.0.0.1:${mailRelay.port}`,
      S3_ENDPOINT: `http://127.0.0.1:${bucketRelay.port}`,
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: 'readiness-test-secret',
      S3_FORCE_PATH_STYLE: 'true',
    },
    undefined,
    clock,
  );
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([mailRelay?.close(), bucketRelay?.close(), sink?.close()]);
  await closeBackends();
});

const readyz = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
  expect(res.headers['cache-control']).toBe('no-store');
  return { status: res.statusCode, body: res.json() as { status: string; checks: Record<string, string>; message?: string; code?: string } };
};
const ALL_OK = { database: 'ok', migrations: 'ok', storage: 'ok', mail: 'ok' };

describe('/livez and /readyz', () => {
  it('/livez answers while the process serves', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/livez' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is ready with every dependency up, goes 503 when the mail server is unreachable and back to 200 when it returns', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', checks: ALL_OK } });

    await mailRelay.down();
    // A passed mail check is reused for a while (no SMTP session per probe): still ready just before it goes stale.
    clock.advance(PASSED_CHECK_REUSE_MS - 1);
    expect((await readyz()).status).toBe(200);
    clock.advance(1);
    expect(await readyz()).toEqual({
      status: 503,
      body: { status: 'not-ready', checks: { ...ALL_OK, mail: 'unavailable' }, message: 'Not ready: mail unavailable.', code: 'UNAVAILABLE' },
    });

    // A failed check is asked again after a moment (a client looping on /readyz cannot make this
    // instance log in to SMTP at its own pace): back as soon as that has passed.
    await mailRelay.up();
    expect((await readyz()).body.checks.mail).toBe('unavailable');
    clock.advance(FAILED_CHECK_REUSE_MS);
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', checks: ALL_OK } });
  });

  it('goes 503 when the bucket is unreachable and back to 200 when it returns', async () => {
    await bucketRelay.down();
    clock.advance(PASSED_CHECK_REUSE_MS);
    const down = await readyz();
    expect(down.status).toBe(503);
    expect(down.body.checks).toEqual({ ...ALL_OK, storage: 'unavailable' });
    expect(down.body.message).toBe('Not ready: storage unavailable.');

    await bucketRelay.up();
    clock.advance(FAILED_CHECK_REUSE_MS);
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', checks: ALL_OK } });
  });

  it('is not ready on a database that lacks this code’s newest migration, and ready once it has it', async () => {
    const expected = expectedMigration();
    const [newest] = await queryRows<{ hash: string }>(ctx.database.db, sql`select hash from drizzle.__drizzle_migrations where created_at = ${expected}`);
    expect(newest).toBeDefined();
    await ctx.database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${expected}`);
    const behind = await readyz();
    expect(behind.status).toBe(503);
    expect(behind.body.checks).toEqual({ ...ALL_OK, migrations: 'behind' });

    await ctx.database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest!.hash}, ${expected})`);
    expect((await readyz()).status).toBe(200);
  });

  it('answers 503 once the instance is stopping, whatever its dependencies say', async () => {
    const stopping = await createTestApp();
    try {
      expect((await stopping.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      stopping.app.readiness.drain();
      const res = await stopping.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'draining', checks: ALL_OK, message: 'This instance is stopping.', code: 'UNAVAILABLE' });
      // /livez still answers: the process is alive, it only wants no new work.
      expect((await stopping.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await stopping.close();
    }
  });
});

describe('a check that never answers', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // Accepts the connection and never greets, as a wedged mail server does.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('counts as not ready after the check’s time bound, instead of holding the probe', async () => {
    const port = (silent.address() as { port: number }).port;
    const readiness = new Readiness({
      database: ctx.database,
      storage: new LocalFileStore(await tempFolder(), keySource([KEY_1])),
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Land Units <no-reply@landunits.example>' }),
      clock,
      timeoutMs: 300,
    });
    expect(await readiness.check()).toEqual({ ready: false, draining: false, checks: { ...ALL_OK, mail: 'timeout' } });
  });
});

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
describe.runIf(TEST_DATABASE_URL)('a PostgreSQL that goes away (needs TEST_DATABASE_URL)', () => {
  it('is not ready while the database is unreachable and ready again once it is back', async () => {
    const direct = new URL(ctx.database.url ?? TEST_DATABASE_URL!);
    const relay = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaRelay = new URL(direct);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    const database = await openDatabase({ url: viaRelay.toString(), poolSize: 2 });
    try {
      const readiness = new Readiness({
        database,
        storage: new LocalFileStore(await tempFolder(), keySource([KEY_1])),
        mailer: createMailer({ smtpUrl: undefined, from: 'Land Units <no-reply@landunits.example>' }),
        clock,
        timeoutMs: 2_000,
      });
      expect((await readiness.check()).ready).toBe(true);
      await relay.down();
      const down = await readiness.check();
      expect(down.ready).toBe(false);
      expect(['unavailable', 'timeout']).toContain(down.checks.database);
      await relay.up();
      await expect.poll(async () => (await readiness.check()).ready, { timeout: 15_000 }).toBe(true);
    } finally {
      await database.close();
      await relay.close();
    }
  });
});
