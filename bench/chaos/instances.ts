import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, instanceEnv, startServer, waitForHealth, type RunningServer } from '../../apps/api/src/test/server-process';

/**
 * The product's server (apps/api/src/server.ts, what `npm start` runs after building the web app)
 * in child processes, each on its own port, all on the chaos run's database and SMTP sink. An
 * instance that exits without being asked to (an unhandled database error, say) is counted and
 * started again, as a supervisor would.
 */

const HEALTHY_WITHIN_MS = 120_000;
const GRACEFUL_LIMIT_MS = 15_000;

export interface Instance {
  name: string;
  url: string;
  /** Whether the chaos run believes it is serving (clients skip it otherwise). */
  up: boolean;
  server: RunningServer;
}

export interface StopResult {
  /** Exit code (null: ended by a signal). */
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
}

export interface Fleet {
  instances: Instance[];
  /** Exits nobody asked for, each with the phase it happened in. */
  unexpectedExits: { name: string; phase: string; code: number | null; signal: string | null }[];
  sigkill(instance: Instance): Promise<void>;
  sigterm(instance: Instance): Promise<StopResult>;
  start(instance: Instance): Promise<void>;
  stopAll(): Promise<void>;
}

/** Starts `count` instances and waits until they serve; `register` gets the fleet at once, so an interrupted start can still be stopped. */
export async function startFleet(databaseUrl: string, smtpPort: number, count: number, phase: () => string, register: (fleet: Fleet) => void): Promise<Fleet> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lu-chaos-app-'));
  const unexpectedExits: Fleet['unexpectedExits'] = [];
  const expected = new Set<RunningServer>();
  let closing = false;
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const env = (name: string, port: number): Record<string, string> => {
    return {
      ...instanceEnv(databaseUrl, name, port, dir),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LINK_SIGNING_SECRET: 'chaos-run-link-signing-secret-0123456789abcdef',
      FILE_ENCRYPTION_KEYS: `chaos:${Buffer.alloc(32, 7).toString('base64')}`,
      // Scheduled transfers and expiries are not part of this load.
      JOBS_DUE_ORDERS_INTERVAL_MS: '60000',
    };
  };
  const spawn = (instance: Instance, port: number) => {
    const server = startServer(env(instance.name, port));
    instance.server = server;
    void server.exited.then((code) => {
      // As a load balancer would: an instance leaves the rotation when it stops answering, not before.
      if (instance.server === server) instance.up = false;
      if (expected.has(server) || closing) return;
      unexpectedExits.push({ name: instance.name, phase: phase(), code, signal: server.child.signalCode });
      process.stdout.write(`  ! ${instance.name} exited on its own (${code ?? server.child.signalCode}): ${lastError(server.output())}; restarting it\n`);
      spawn(instance, port);
      waitForHealth(instance.url, instance.server, HEALTHY_WITHIN_MS).then(
        () => (instance.up = true),
        () => {},
      );
    });
  };
  const instances = ports.map((port, i): Instance => {
    const instance = { name: `lu-chaos-${String.fromCharCode(97 + i)}`, url: `http://127.0.0.1:${port}`, up: false } as Instance;
    spawn(instance, port);
    return instance;
  });
  const portOf = (instance: Instance) => Number(new URL(instance.url).port);
  const alive = (s: RunningServer) => s.child.exitCode === null && s.child.signalCode === null;
  const fleet: Fleet = {
    instances,
    unexpectedExits,
    async sigkill(instance) {
      expected.add(instance.server);
      if (alive(instance.server)) instance.server.child.kill('SIGKILL');
      await instance.server.exited;
    },
    async sigterm(instance) {
      const server = instance.server;
      expected.add(server);
      const started = Date.now();
      if (alive(server)) server.child.kill('SIGTERM');
      const timer = setTimeout(() => alive(server) && server.child.kill('SIGKILL'), GRACEFUL_LIMIT_MS);
      const code = await server.exited;
      clearTimeout(timer);
      return { code, signal: server.child.signalCode, ms: Date.now() - started };
    },
    async start(instance) {
      spawn(instance, portOf(instance));
      await waitForHealth(instance.url, instance.server, HEALTHY_WITHIN_MS);
      instance.up = true;
    },
    async stopAll() {
      closing = true;
      await Promise.all(
        instances.map(async (instance) => {
          expected.add(instance.server);
          if (alive(instance.server)) instance.server.child.kill('SIGKILL');
          await instance.server.exited;
        }),
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
  register(fleet);
  try {
    await Promise.all(instances.map((i) => waitForHealth(i.url, i.server, HEALTHY_WITHIN_MS).then(() => (i.up = true))));
  } catch (err) {
    await fleet.stopAll();
    throw err;
  }
  return fleet;
}

/** The last error the server logged: the message of its last error-level JSON line. */
function lastError(output: string): string {
  for (const line of output.trim().split('\n').reverse()) {
    if (!line.startsWith('{')) continue;
    try {
      const parsed = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((parsed.level ?? 0) >= 50) return `${parsed.msg ?? ''}: ${parsed.err?.message ?? ''}`.slice(0, 200);
    } catch {
      // not a log line
    }
  }
  return (
    output
      .trim()
      .split('\n')
      .find((l) => /^\w*Error\b|^error:/.test(l.trim()))
      ?.trim()
      .slice(0, 200) ?? 'no error logged'
  );
}
