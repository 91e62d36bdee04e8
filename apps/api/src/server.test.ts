import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { freePort, serversOn, waitForHealth, waitForOutput } from './test/process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lu-server-'));
/** Each start is a cold one (TypeScript loader, migrations, demo content): slow on a busy machine. */
const start = serversOn(dataDir);

const baseEnv = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') };

describe('server process', () => {
  it('refuses to start with a bad setting, naming it', async () => {
    const server = start({ ...baseEnv, PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT must be a whole number between 1 and 65535 (got "abc")');
  }, 120_000);

  it('serves, stops on SIGTERM within 10 s with exit code 0, and keeps its data across a restart', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = start({ ...baseEnv, PORT: String(port) });
    await waitForHealth(url, first, 120_000);
    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok', db: 'ok' });
    // A new embedded database gets a demo admin, whose login is printed once.
    await waitForOutput(first, 'email:    admin@landunits.example');
    const password = /password: (\S+)/.exec(first.output())?.[1];
    expect(password).toBeDefined();
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@landunits.example', password }),
    });
    // The demo admin has an authenticator app: the password leads to the second step, whose key is printed too.
    expect(await login.json()).toEqual({ secondFactor: { methods: ['totp', 'recovery'] } });
    expect(first.output()).toMatch(/^ +admin@landunits\.example: +[A-Z2-7]{32}$/m);

    const stoppedAt = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);

    // The embedded database kept what the first run wrote.
    const db = new PGlite(path.join(dataDir, 'pglite'));
    const { rows } = await db.query<{ key: string }>('select key from app_state');
    await db.close();
    expect(rows.map((r) => r.key)).toContain('demo_seeded_at');

    const second = start({ ...baseEnv, PORT: String(port) });
    await waitForHealth(url, second, 120_000);
    expect(second.output()).not.toContain('admin@landunits.example');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 300_000);
});
