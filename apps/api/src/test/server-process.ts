import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server entry (src/server.ts) in child processes: used by the tests of the server itself
 * and by the benchmarks, so nothing here imports the test runner.
 */

export const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));
/** The compiled server that production runs (`npm run build`, scripts/build-api.mjs). */
export const COMPILED_SERVER_ENTRY = fileURLToPath(new URL('../../dist/server.mjs', import.meta.url));

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The settings of one API instance among several on one PostgreSQL database: its own port, its
 * name in pg_stat_activity (application_name), a shared data folder and no web app.
 */
export function instanceEnv(databaseUrl: string, name: string, port: number, dataDir: string): Record<string, string> {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  return {
    DATABASE_URL: url.toString(),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    PUBLIC_URL: 'http://localhost:3000',
  };
}

export interface RunningServer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the real server entry (the sources unless `entry` names the compiled one) in a child process with the given environment. */
export function startServer(env: Record<string, string>, entry = SERVER_ENTRY): RunningServer {
  let output = '';
  const child = spawn(process.execPath, entry.endsWith('.ts') ? ['--import', 'tsx', entry] : ['--enable-source-maps', entry], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * Waits until the server has printed `text`. Its output reaches this process through a pipe of its
 * own, so a line it printed before answering a request can arrive after that answer.
 */
export async function waitForOutput(server: RunningServer, text: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`the server did not print ${JSON.stringify(text)}; it printed:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function waitForHealth(url: string, server: RunningServer, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}
