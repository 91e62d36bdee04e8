import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ConnectBackoff, connectWithBackoff } from './connect-backoff';
import { lockDataDir } from './data-dir-lock';
import { retryTransactionConflicts } from './retry';

/**
 * The database handle. Queries name their tables (the query builder), so the client is not given
 * the schema: the platform does not know the modules' tables (src/schema.ts gathers them for the
 * migrations).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Rows of a raw `db.execute(sql…)`, which both drivers answer as `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A subquery's rows as one JSON array ([] when none), so that several small row sets are read in
 * one statement. Columns carry their JSON names as aliases (bigints as text); `orderBy` names
 * aliases to order the array by (a subquery's own ORDER BY does not bind the aggregate).
 */
export function jsonRows(query: SQL, orderBy: readonly string[] = []): SQL {
  const order = orderBy.length ? sql.raw(` order by ${orderBy.map((name) => `r."${name.replaceAll('"', '""')}"`).join(', ')}`) : sql``;
  return sql`(select coalesce(json_agg(r${order}), '[]'::json) from (${query}) r)`;
}

/**
 * One value per database handle, built on first use: for prepared statements (`.prepare(name)`),
 * whose SQL is then built once per handle (a transaction is a handle of its own). On PostgreSQL
 * a named statement is also parsed once per connection; PGlite ignores the name.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) built.set(db, (value = build(db)));
    return value;
  };
}

/**
 * Whether `db` is the embedded database (one in-process connection: a transaction holds it for
 * every other request until it ends, and statements never run side by side).
 */
export function isEmbedded(db: Db): boolean {
  return db instanceof PgliteDatabase;
}

export interface Database {
  readonly db: Db;
  readonly driver: 'pglite' | 'postgres';
  /** The postgres:// URL (PostgreSQL only): for a connection of its own, such as the realtime LISTEN. */
  readonly url?: string;
  /** Applies every committed migration not applied yet; how many that was and how many the database now has. */
  migrate(): Promise<MigrationOutcome>;
  /** Answers when the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Where lost connections are reported (PostgreSQL only; the app logs them). A lost connection
   * never throws out of the pool: it is dropped and replaced on next use.
   */
  onConnectionError?(listener: (error: unknown) => void): void;
  /** The whole embedded database as a gzipped tarball of its data folder (the embedded database only): for backups. */
  dumpDataDir?(): Promise<Blob>;
  /** The connection pool right now (PostgreSQL only; the embedded database has one connection): for /metrics. */
  poolStats?(): { max: number; total: number; idle: number; waiting: number };
}

const MIGRATION_LOCK_ID = 7_261_001;

export interface MigrationOutcome {
  /** Migrations this call applied (0: the database was up to date). */
  applied: number;
  /** Migrations the database has now. */
  total: number;
}

/** How many migrations `db` has recorded (0 before the first one made drizzle's table). */
export async function recordedMigrations(db: Db): Promise<number> {
  const [found] = await queryRows<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!found?.present) return 0;
  const [row] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from drizzle.__drizzle_migrations`);
  return Number(row?.n ?? 0);
}

/** Runs `apply` and tells what it changed. */
async function counted(db: Db, apply: () => Promise<void>): Promise<MigrationOutcome> {
  const before = await recordedMigrations(db);
  await apply();
  const total = await recordedMigrations(db);
  return { applied: total - before, total };
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded database is used. */
  url?: string | undefined;
  /** Folder of the embedded database; when absent it lives in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // One process at a time on a data folder: a second one stops here, naming the lock file.
  const lock = dataDir ? lockDataDir(dataDir) : null;
  const client = dataDir ? new PGlite(path.join(dataDir, 'pglite')) : new PGlite();
  try {
    await client.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  return embeddedDatabase(client, () => lock?.release());
}

/**
 * Makes the embedded database of `dataDir` from a dump (`dumpDataDir`), for a restore: the folder
 * must have no database yet, and is locked meanwhile like any other use of it.
 */
export async function restoreEmbedded(dataDir: string, dump: Blob): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  try {
    const target = path.join(dataDir, 'pglite');
    if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`${dataDir} already has a database: restore into an empty DATA_DIR (move the old one away first)`);
    const client = new PGlite(target, { loadDataDir: dump });
    await client.waitReady;
    await client.close();
  } finally {
    lock.release();
  }
}

/**
 * A Database over an open PGlite client. Tests use it to open an in-memory copy of a migrated
 * database (`new PGlite({ loadDataDir })`) instead of replaying every migration. `release` runs
 * after the client is closed (the data folder's lock).
 */
export function embeddedDatabase(client: PGlite, release: () => void = () => {}): Database {
  const db = retryTransactionConflicts(drizzlePglite(client) as unknown as Db);
  return {
    db,
    driver: 'pglite',
    dumpDataDir: () => client.dumpDataDir('gzip'),
    migrate: () => counted(db, () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR })),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * How long a request waits for a new connection before it is answered 503: an unreachable host
 * (no refusal, no answer) would otherwise hold every request until the kernel gives up.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A connection that gives up connecting after CONNECT_TIMEOUT_MS. Set on the client, not the pool:
 * the pool's option of that name also bounds the wait for a free connection, which under load
 * would turn a busy moment into errors.
 */
class TimedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, keepAlive: true, Client: TimedClient });
  let report: (error: unknown) => void = () => {};
  // A connection the server ends (restart, failover, pg_terminate_backend) or the network drops
  // emits 'error' on its client. Idle in the pool, the pool forwards it here; checked out (inside a
  // transaction, between two queries) the pool listens no more, and an 'error' without a listener
  // would end the process. Every client gets its own listener; the query in flight fails (503) and
  // the pool opens a new connection on the next checkout.
  pool.on('error', (error) => report(error));
  pool.on('connect', (client) => client.on('error', (error) => report(error)));
  // While the database is unreachable, new connections are tried with growing waits (100 ms to
  // 2 s); requests in between are answered 503 at once.
  connectWithBackoff(pool, new ConnectBackoff());
  const db = retryTransactionConflicts(drizzlePg(pool) as unknown as Db);
  return {
    db,
    driver: 'postgres',
    url,
    // Instances starting together take turns: the lock is held on its own connection meanwhile.
    migrate: async () => {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        return await counted(db, () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }));
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        lock.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    onConnectionError: (listener) => {
      report = listener;
    },
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
