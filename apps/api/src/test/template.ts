import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { embeddedDatabase, MIGRATIONS_DIR, openDatabase } from '../platform/db/client';

/**
 * The migrated database that every API test file starts from, made once per test run by the
 * api project's global setup (./global-setup.ts): replaying every migration per file was most of
 * the suite's time. Each file still gets a database of its own (a copy), so files stay isolated.
 */
export type TestDatabaseTemplate = { driver: 'pglite'; file: string } | { driver: 'postgres'; template: string; runId: string };

/** Leftovers of a run older than this (a killed run; a changed migration's template) are removed. */
const STALE_MS = 2 * 60 * 60 * 1000;
const TEMPLATE_LOCK_ID = 7_261_002;
const TEMPLATE_PREFIX = 'lu_tpl_';
/** Per-file databases: `lu_t_<run start, base 36>_<pid, base 36>_<random>`. */
export const COPY_PREFIX = 'lu_t_';
const EMBEDDED_PREFIX = 'landunits-test-db-';

/** A new id per test run; it starts with the run's start time, which is how leftovers are aged. */
export function newRunId(now = Date.now()): string {
  return `${now.toString(36)}_${process.pid.toString(36)}`;
}

/** Hash of every migration file (SQL and journal): a changed migration means a new template. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
      .sort();
  for (const file of walk(MIGRATIONS_DIR)) {
    hash.update(path.relative(MIGRATIONS_DIR, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Migrates an in-memory embedded database once and writes its data folder as a tarball. */
export async function prepareEmbeddedTemplate(runId: string): Promise<TestDatabaseTemplate> {
  removeStaleEmbeddedTemplates();
  const client = new PGlite();
  await client.waitReady;
  try {
    await embeddedDatabase(client).migrate();
    const tarball = await client.dumpDataDir('none');
    const file = path.join(tmpdir(), `${EMBEDDED_PREFIX}${runId}.tar`);
    await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
    return { driver: 'pglite', file };
  } finally {
    await client.close();
  }
}

function removeStaleEmbeddedTemplates(): void {
  const dir = tmpdir();
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(EMBEDDED_PREFIX)) continue;
    const file = path.join(dir, name);
    try {
      if (Date.now() - statSync(file).mtimeMs > STALE_MS) rmSync(file, { force: true });
    } catch {
      // removed by another run meanwhile
    }
  }
}

/**
 * Makes sure the server has the template database of the current migrations, named after their
 * hash: built once (migrated, then marked as a template that accepts no connections, so copying
 * it is never refused for a session left open) and reused by later runs until a migration
 * changes. Runs starting together take turns through an advisory lock. Leftovers of earlier runs
 * are dropped on the way.
 */
export async function prepareServerTemplate(serverUrl: string, runId: string): Promise<TestDatabaseTemplate> {
  const template = `${TEMPLATE_PREFIX}${migrationsHash()}`;
  await withAdmin(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      const found = await client.query<{ ready: boolean }>('select datistemplate as ready from pg_database where datname = $1', [template]);
      if (!found.rows[0]?.ready) {
        // Absent, or a build that stopped halfway: build it again.
        await client.query(`drop database if exists "${template}" with (force)`);
        await client.query(`create database "${template}"`);
        const database = await openDatabase({ url: databaseUrl(serverUrl, template), poolSize: 2 });
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
        await client.query(`alter database "${template}" with is_template true allow_connections false`);
      }
      await client.query(`comment on database "${template}" is '${lastUsedComment(Date.now())}'`);
      await dropStale(client, template);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  });
  return { driver: 'postgres', template, runId };
}

/** Drops this run's per-file databases that are still there (a file that failed to clean up). */
export async function dropRunCopies(serverUrl: string, runId: string): Promise<void> {
  await withAdmin(serverUrl, async (client) => {
    const rows = await client.query<{ name: string }>('select datname as name from pg_database');
    for (const { name } of rows.rows) {
      if (name.startsWith(`${COPY_PREFIX}${runId}_`)) await client.query(`drop database if exists "${name}" with (force)`);
    }
  });
}

function lastUsedComment(at: number): string {
  return `Land Units test template, last used ${at}`;
}

async function dropStale(client: pg.Client, keep: string): Promise<void> {
  const rows = await client.query<{ name: string; comment: string | null }>(`select datname as name, shobj_description(oid, 'pg_database') as comment from pg_database`);
  const cutoff = Date.now() - STALE_MS;
  for (const { name, comment } of rows.rows) {
    if (name === keep || !(name.startsWith(TEMPLATE_PREFIX) || name.startsWith(COPY_PREFIX))) continue;
    const usedAt = name.startsWith(TEMPLATE_PREFIX) ? Number(/last used (\d+)/.exec(comment ?? '')?.[1] ?? 0) : parseInt(name.slice(COPY_PREFIX.length).split('_')[0] ?? '', 36);
    if (!(usedAt < cutoff)) continue;
    try {
      // Not forced: a database someone is still connected to stays.
      if (name.startsWith(TEMPLATE_PREFIX)) await client.query(`alter database "${name}" with is_template false`);
      await client.query(`drop database if exists "${name}"`);
    } catch {
      // in use, or dropped by another run meanwhile
    }
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(serverUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
