import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, instanceEnv, startServer, waitForHealth, type RunningServer } from './server-process';

/**
 * API instances as production runs them: the real server entry in child processes, each on its
 * own port, all on one PostgreSQL database. One can be killed (SIGKILL: no goodbye to its clients
 * or to the database) and started again on the same port. No test-runner imports: the benchmarks
 * use it too.
 */
export interface ApiInstance {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  /** The running process (a new one after restart). */
  server: RunningServer;
  /** SIGKILL, and wait for the process to be gone. */
  kill(): Promise<void>;
  /** Starts the process again on the same port and waits for /api/health. */
  restart(): Promise<void>;
}

export interface ApiInstances {
  instances: ApiInstance[];
  /** Stops every process still running (SIGKILL) and removes the data folder. */
  stop(): Promise<void>;
}

// A bound, not a measurement: two servers compiling at once on a busy 2-core machine take a while.
const HEALTHY_WITHIN_MS = 180_000;

/** `count` instances on the PostgreSQL database `databaseUrl` (already migrated), healthy. */
export async function startInstances(databaseUrl: string, count: number, env: Record<string, string> = {}): Promise<ApiInstances> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lu-instances-'));
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  const spawnOn = (name: string, port: number): RunningServer => startServer({ ...instanceEnv(databaseUrl, name, port, dir), ...env });
  const instances = [...ports].map((port, i): ApiInstance => {
    const name = `lu-api-${String.fromCharCode(97 + i)}`;
    const url = `http://127.0.0.1:${port}`;
    const instance: ApiInstance = {
      name,
      port,
      url,
      server: spawnOn(name, port),
      async kill() {
        if (instance.server.child.exitCode === null && instance.server.child.signalCode === null) instance.server.child.kill('SIGKILL');
        await instance.server.exited;
      },
      async restart() {
        await instance.kill();
        instance.server = spawnOn(name, port);
        await waitForHealth(url, instance.server, HEALTHY_WITHIN_MS);
      },
    };
    return instance;
  });
  const stop = async () => {
    await Promise.all(instances.map((i) => i.kill()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(instances.map((i) => waitForHealth(i.url, i.server, HEALTHY_WITHIN_MS)));
  } catch (err) {
    await stop();
    throw err;
  }
  return { instances, stop };
}
