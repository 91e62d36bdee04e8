import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JOB_MESSAGES } from '@landunits/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILED_SERVER_ENTRY, freePort, serversOn, waitForOutput } from './test/process';
import { PRODUCTION_SETTINGS } from './test/settings';
import { startSmtpSink, type SmtpSink } from './test/smtp-sink';

/**
 * The production build (decision 0041): scripts/build-api.mjs compiles the API into apps/api/dist,
 * and production runs it with node alone, on the embedded database here. What only the compiled
 * files can get wrong is checked: the paths found from the code's own file (migrations, fonts), the
 * command-line tools, a production start that seeds nothing, and a clean stop.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const dist = path.join(root, 'apps/api/dist');
const dataDir = mkdtempSync(path.join(tmpdir(), 'lu-build-'));
const start = serversOn(dataDir, COMPILED_SERVER_ENTRY);
const SITE = PRODUCTION_SETTINGS.PUBLIC_URL!;

let smtp: SmtpSink;
let env: Record<string, string>;

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-api.mjs')], { stdio: 'pipe' });
  smtp = await startSmtpSink(0);
  env = { ...PRODUCTION_SETTINGS, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), LOG_LEVEL: 'info' };
}, 60_000);
afterAll(() => smtp?.close());

async function ready(url: string, server: ReturnType<typeof start>): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the compiled server exited:\n${server.output()}`);
    if ((await fetch(`${url}/readyz`).catch(() => null))?.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the compiled server was not ready:\n${server.output()}`);
}

describe('the compiled server', () => {
  it('starts in production on a new embedded database, ready with every check, seeding no demo people, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = start({ ...env, PORT: String(port) });
    await ready(url, server);

    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok', mail: 'ok' } });
    await waitForOutput(server, `Land Units is running at ${SITE}`);
    expect(server.output()).not.toMatch(/password:/);
    // Nobody can sign in as a demo admin in production.
    const demo = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: JSON.stringify({ email: 'admin@landunits.example', password: 'anything-at-all' }),
    });
    expect(demo.status).toBe(401);
    // A PDF drawn with the fonts found from the compiled file's place.
    const report = await fetch(`${url}/api/site/report-2025.pdf`);
    expect(report.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await report.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Production logs are JSON lines: the migrations applied at start and the clean stop.
    const logged = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; applied?: number });
    expect(logged.find((line) => line.msg.startsWith('migrations:'))?.applied).toBeGreaterThan(0);
    expect(logged.at(-1)?.msg).toBe('stopped: requests and jobs finished, database closed');
  }, 180_000);

  it('creates the first admin with the compiled command-line tool, who then signs in; the job queue tool answers', async () => {
    const created = spawnSync(process.execPath, [path.join(dist, 'admin-create.mjs'), '--email', 'owner@example.com', '--password', 'a long owner passphrase 42'], {
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
    });
    expect(created.stderr).toBe('');
    expect(created.stdout).toBe(`Admin owner@example.com (OWNER) created. Sign in at ${SITE}/login\n`);
    expect(created.status).toBe(0);

    // The job queue from the command line: nothing has failed, and a retry of a job that is not failed is refused.
    const listed = spawnSync(process.execPath, [path.join(dist, 'jobs.mjs'), 'list'], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
    expect(listed.stdout).toMatch(/No failed jobs\.\n$/);
    expect(listed.status).toBe(0);
    const refused = spawnSync(process.execPath, [path.join(dist, 'jobs.mjs'), 'retry', '12345', '--as', 'owner@example.com'], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
    expect(refused.stderr).toBe(`${JOB_MESSAGES.notFailed}\n`);
    expect(refused.status).toBe(1);

    const migrated = spawnSync(process.execPath, [path.join(dist, 'migrate.mjs')], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
    expect(migrated.stdout).toMatch(/^Migrations applied \(pglite\): 0 new, \d+ in all\.\n$/);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = start({ ...env, PORT: String(port) });
    await ready(url, server);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: JSON.stringify({ email: 'owner@example.com', password: 'a long owner passphrase 42' }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toMatch(/lu_session=.+; .*Secure/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});
