import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/api/src/test/server-process';

/**
 * A PostgreSQL 15 cluster of the chaos run's own: a temporary folder, a free port on 127.0.0.1,
 * trust authentication. PostgreSQL refuses to run as root, so as root its programs run as the
 * `postgres` OS user (the Debian package's), who owns the folder.
 */

const BIN = process.env.CHAOS_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const OS_USER = 'postgres';

export interface Cluster {
  /** postgres:// URL of the `landunits` database. */
  url: string;
  port: number;
  /** pg_ctl restart (fast: active sessions are ended, as in a failover). */
  restart(): void;
  /** pg_terminate_backend of every backend whose application_name starts with `prefix`; how many. */
  terminate(prefix: string): Promise<number>;
  /** Stops the server (immediate) and removes its folder; safe to call twice. */
  destroy(): void;
}

const asRoot = () => userInfo().uid === 0;

function run(program: string, args: string[], timeoutMs = 60_000): void {
  const command = asRoot() ? 'runuser' : path.join(BIN, program);
  const argv = asRoot() ? ['-u', OS_USER, '--', path.join(BIN, program), ...args] : args;
  const result = spawnSync(command, argv, { encoding: 'utf8', timeout: timeoutMs });
  if (result.status !== 0) throw new Error(`${program} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
}

/** Starts the cluster; `register` gets its `destroy` at once, so an interrupted start is still cleaned up. */
export async function startCluster(register: (destroy: () => void) => void): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lu-chaos-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot()) {
    const { uid, gid } = osUser(OS_USER);
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  let running = false;
  const ctl = (action: string, extra: string[] = []) =>
    run('pg_ctl', [action, '-D', data, '-w', '-t', '60', '-l', path.join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, ...extra]);
  const destroy = () => {
    if (running) {
      try {
        run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '30']);
      } catch {
        // already gone
      }
      running = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  register(destroy);
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
    ctl('start');
    running = true;
    const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query('create database landunits');
    await admin.end();
  } catch (err) {
    destroy();
    throw err;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/landunits`;
  return {
    url,
    port,
    restart: () => ctl('restart', ['-m', 'fast']),
    async terminate(prefix) {
      const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', application_name: 'chaos-admin' });
      await admin.connect();
      try {
        const res = await admin.query<{ n: string }>(
          `select count(*) filter (where pg_terminate_backend(pid))::text as n from pg_stat_activity where application_name like $1 and pid <> pg_backend_pid()`,
          [`${prefix}%`],
        );
        return Number(res.rows[0]?.n ?? 0);
      } finally {
        await admin.end();
      }
    },
    destroy,
  };
}

function osUser(name: string): { uid: number; gid: number } {
  const out = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`the OS user ${name} is needed to run PostgreSQL as root`);
  return { uid: Number(out.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
