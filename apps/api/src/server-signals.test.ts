import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/process';

/**
 * Signals reach the server however it is started (decision 0033): `npm start` as a supervisor or a
 * container's runtime would run it, with its real process tree (npm, then the server), signalled at
 * the top. Each server runs on a free port with a folder of its own and a minimal web build (so
 * the start script does not build the web app).
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const base = mkdtempSync(path.join(tmpdir(), 'lu-signals-'));
const started: ChildProcess[] = [];
const serverPids: number[] = [];

afterAll(async () => {
  for (const pid of serverPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(base, { recursive: true, force: true, maxRetries: 5 });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A web build the start script takes as current: a shell, and a server renderer that renders nothing. */
function webBuild(): string {
  const web = path.join(base, 'web');
  mkdirSync(path.join(web, 'dist'), { recursive: true });
  mkdirSync(path.join(web, 'dist-server'), { recursive: true });
  writeFileSync(path.join(web, 'dist', 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(web, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(path.join(web, 'dist-server', 'entry-server.js'), 'export const ssrQueries = () => [];\n');
  return path.join(web, 'dist');
}

const webDist = webBuild();

interface Started {
  npm: ChildProcess;
  url: string;
  dataDir: string;
  /** The server's process id, read from its data folder's lock. */
  serverPid: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start` in the repository, as a supervisor would run it; resolves once the server answers. */
async function npmStart(name: string): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = path.join(base, name);
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? base,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      PORT: String(port),
      PUBLIC_URL: url,
      npm_config_update_notifier: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(npm);
  let output = '';
  npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
  const healthy = await until(async () => {
    if (npm.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    return (await fetch(`${url}/api/health`).catch(() => null))?.ok === true;
  }, 180_000);
  if (!healthy) throw new Error(`the server did not answer:\n${output}`);
  const serverPid = JSON.parse(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).pid as number;
  serverPids.push(serverPid);
  return { npm, url, dataDir, serverPid, output: () => output, exited };
}

/** Polls `check` until it is true or `limitMs` has passed; whether it became true. */
async function until(check: () => Promise<boolean> | boolean, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** Requests kept going by `workers` loops until the server stops answering; how many were answered. */
function load(url: string, workers: number): Promise<number> {
  let answered = 0;
  const loop = async (worker: number) => {
    for (let i = 0; ; i++) {
      const res = await (
        i % 2
          ? fetch(`${url}/api/health`)
          : fetch(`${url}/api/user/register`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: url },
              body: JSON.stringify({ email: `load${worker}.${i}@example.com`, password: 'garden42', firstName: 'Lo', lastName: 'Ad' }),
            })
      ).catch(() => null);
      if (!res) return;
      await res.arrayBuffer();
      answered++;
    }
  };
  return Promise.all(Array.from({ length: workers }, (_, w) => loop(w))).then(() => answered);
}

describe('signals reach the server started with npm start', () => {
  it('SIGTERM to npm drains the server under load: it stops, closes its database and exits 0', async () => {
    const server = await npmStart('term');
    const answered = load(server.url, 4);
    await new Promise((r) => setTimeout(r, 500));

    server.npm.kill('SIGTERM');
    // npm's status is the server's: 0 when it stopped by itself, 1 had the 9 s grace forced it.
    expect(await server.exited).toBe(0);
    expect(await until(() => !alive(server.serverPid), 30_000)).toBe(true);
    expect(existsSync(path.join(server.dataDir, 'pglite.lock'))).toBe(false);
    expect(await answered).toBeGreaterThan(0);
    expect(server.output()).not.toContain('killed by timeout');
  }, 300_000);

  it('when npm is killed outright, the server notices it was left behind and drains', async () => {
    const server = await npmStart('orphan');
    server.npm.kill('SIGKILL');
    expect(await until(() => !alive(server.serverPid), 30_000)).toBe(true);
    // Its database closed cleanly: the lock file is gone (a killed process would leave it behind).
    expect(existsSync(path.join(server.dataDir, 'pglite.lock'))).toBe(false);
    expect(await fetch(`${server.url}/api/health`).catch(() => 'refused')).toBe('refused');
  }, 300_000);
});
