import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, serversOn, waitForHealth } from './test/process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lu-drain-'));
const start = serversOn(dataDir);

describe('server process drain', () => {
  it('on SIGTERM with DRAIN_DELAY_MS, answers /readyz 503 "draining" while it goes on serving, then stops with exit code 0', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = start({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), PORT: String(port), DRAIN_DELAY_MS: '4000' });
    await waitForHealth(url, server, 180_000);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    server.child.kill('SIGTERM');
    // What a load balancer's probe sees during the delay: not ready, and why.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${url}/readyz`);
          return { status: res.status, body: (await res.json()) as { status: string } };
        },
        { timeout: 3_500, interval: 50 },
      )
      .toMatchObject({ status: 503, body: { status: 'draining' } });
    // Meanwhile requests are still answered as usual.
    expect((await fetch(`${url}/livez`)).status).toBe(200);
    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok', db: 'ok' });

    expect(await server.exited).toBe(0);
  }, 240_000);
});
