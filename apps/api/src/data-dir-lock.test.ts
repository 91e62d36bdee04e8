import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort, serversOn, waitForHealth, type RunningServer } from './test/process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lu-lock-server-'));
const lockFile = path.join(dataDir, 'pglite.lock');
/** Each start is a cold one (TypeScript loader, migrations, demo content): slow on a busy machine. */
const start = serversOn(dataDir);

/** Runs a command's script (`npm run db:migrate` → cli/migrate.ts) on the data folder; resolves with its exit code and output. */
function runCommand(name: string, args: string[] = []): Promise<{ code: number | null; output: string }> {
  const script = fileURLToPath(new URL(`./cli/${name}.ts`, import.meta.url));
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** The exit code, or 'still running' after `ms` (a second server that did not stop). */
async function exitCodeWithin(server: RunningServer, ms: number): Promise<number | null | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), ms)));
  try {
    return await Promise.race([server.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

const baseEnv = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') };

describe('one server per embedded data folder', () => {
  it('refuses a second server and the commands on a folder in use, and recovers the lock of a killed one', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = start({ ...baseEnv, PORT: String(port) });
    await waitForHealth(url, first, 180_000);

    // A second server on the same folder (another port) stops at once, naming the lock.
    const second = start({ ...baseEnv, PORT: String(await freePort()) });
    const code = await exitCodeWithin(second, 90_000);
    expect(code).not.toBe('still running');
    expect(code).not.toBe(0);
    expect(second.output()).toContain(lockFile);
    // So do the commands that open the database.
    for (const [name, args] of [
      ['migrate', []],
      ['seed', []],
      ['admin-create', ['--email', 'second@example.com', '--password', 'garden42garden']],
    ] as const) {
      const command = await runCommand(name, [...args]);
      expect(command.code, name).toBe(1);
      expect(command.output, name).toContain(lockFile);
    }
    // The first one kept working.
    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok', db: 'ok' });

    // Killed outright, the first one leaves its lock behind; the next start recovers it.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(lockFile)).toBe(true);
    const third = start({ ...baseEnv, PORT: String(port) });
    await waitForHealth(url, third, 180_000);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 600_000);
});
