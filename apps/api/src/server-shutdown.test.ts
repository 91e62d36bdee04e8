import { existsSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, serversOn, waitForHealth, waitForOutput } from './test/process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lu-shutdown-'));
const start = serversOn(dataDir);

describe('server process shutdown', () => {
  it('stops on SIGTERM despite silent and half-sent connections, closing the database and its lock', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // Reached from elsewhere: the start banner says the development tools are off, and why.
    const server = start({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), PORT: String(port), PUBLIC_URL: 'https://landunits.example' });
    await waitForHealth(url, server, 180_000);
    await waitForOutput(server, 'Dev tools: off: PUBLIC_URL is not a loopback address (DEV_TOOLS=on allows them on a staging site)');

    const silent = connect(port, '127.0.0.1');
    const halfSent = connect(port, '127.0.0.1');
    for (const socket of [silent, halfSent]) socket.on('error', () => {});
    await new Promise<void>((resolve) => halfSent.once('connect', () => resolve()));
    halfSent.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le');
    await new Promise((r) => setTimeout(r, 300));

    server.child.kill('SIGTERM');
    // 0: closed by itself; the 9 s grace running out would have forced exit code 1.
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    silent.destroy();
    halfSent.destroy();
  }, 300_000);

  it('with DRAIN_DELAY_MS, answers /readyz 503 "draining" while it goes on serving, then stops with exit code 0', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = start({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), PORT: String(port), DRAIN_DELAY_MS: '10000' });
    await waitForHealth(url, server, 180_000);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    server.child.kill('SIGTERM');
    // What a load balancer's probe sees during the delay (a bound well inside it): not ready, and why.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${url}/readyz`);
          return { status: res.status, body: (await res.json()) as { status: string } };
        },
        { timeout: 8_000, interval: 50 },
      )
      .toMatchObject({ status: 503, body: { status: 'draining' } });
    // Meanwhile requests are still answered as usual.
    expect((await fetch(`${url}/livez`)).status).toBe(200);
    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok', db: 'ok' });

    expect(await server.exited).toBe(0);
  }, 300_000);
});
