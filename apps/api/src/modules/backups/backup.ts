import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, recordedMigrations, restoreEmbedded } from '../../platform/db/client';
import { DEV_KEY_FILE } from '../../platform/storage/encryption';
import { localFilesDir } from '../../platform/storage';

/**
 * A backup is a folder:
 * - `manifest.json`: what is in it, with the SHA-256 of every file;
 * - `database.pgdump` (PostgreSQL, pg_dump's custom format) or `database.tar.gz` (the embedded
 *   database's own dump of its data folder);
 * - `files/`: the local file store's objects exactly as stored (identity documents stay
 *   encrypted), when files are kept in DATA_DIR. A bucket is backed up by the bucket's own
 *   versioning or replication; the backup checks the bucket's objects instead (verify);
 * - `dev-file-encryption.key`: only without FILE_ENCRYPTION_KEYS (development), so that the
 *   development key's documents stay readable. Production keys are never written into a backup.
 */

export const MANIFEST = 'manifest.json';
export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  createdAt: string;
  driver: 'pglite' | 'postgres';
  /** Migrations the database had: a restore needs this code's or a newer one's. */
  migrations: number;
  database: { file: string; sha256: string; bytes: number };
  files: { store: 'local' | 's3'; copied: { path: string; sha256: string; bytes: number }[] };
  devKey: boolean;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Runs a PostgreSQL client tool; rejects with its own error output when it fails. */
export function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${command} could not run (${error.message}): install PostgreSQL's client tools`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed: ${errors.trim() || `exit code ${code}`}`))));
  });
}

/** Every file under `dir`, as paths relative to it (temporary files, which start with a dot, left out). */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path.join(dir, entry.name), relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

/**
 * Writes a backup of the configured database and local files into `out` (a new or empty folder).
 * The embedded database needs its data folder to itself: stop the server first (its lock says so).
 */
export async function createBackup(config: Config, out: string): Promise<BackupManifest> {
  if (existsSync(out) && (await readdir(out)).length > 0) throw new Error(`${out} is not empty: back up into a new folder`);
  await mkdir(out, { recursive: true });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  let dbFile: string;
  let migrations: number;
  try {
    migrations = await recordedMigrations(database.db);
    if (database.driver === 'pglite') {
      dbFile = 'database.tar.gz';
      await writeFile(path.join(out, dbFile), Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()), { mode: 0o600 });
    } else {
      dbFile = 'database.pgdump';
      await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', path.join(out, dbFile), '--dbname', config.databaseUrl!]);
    }
  } finally {
    await database.close();
  }
  const copied: BackupManifest['files']['copied'] = [];
  if (!config.storage.s3) {
    const source = localFilesDir(config);
    for (const relative of await filesUnder(source)) {
      const target = path.join(out, 'files', relative);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(source, relative), target);
      copied.push({ path: relative, sha256: await sha256Of(target), bytes: (await stat(target)).size });
    }
  }
  const devKey = !config.storage.encryptionKeys && existsSync(path.join(config.dataDir, DEV_KEY_FILE));
  if (devKey) await copyFile(path.join(config.dataDir, DEV_KEY_FILE), path.join(out, DEV_KEY_FILE));
  const dbPath = path.join(out, dbFile);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    driver: database.driver,
    migrations,
    database: { file: dbFile, sha256: await sha256Of(dbPath), bytes: (await stat(dbPath)).size },
    files: { store: config.storage.s3 ? 's3' : 'local', copied },
    devKey,
  };
  await writeFile(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

export async function readManifest(from: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(from, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${from} holds a backup of format ${manifest.format}; this version reads format ${BACKUP_FORMAT}`);
  return manifest;
}

/** What in the folder differs from its manifest (a damaged or incomplete copy); empty when whole. */
export async function damagedFiles(from: string, manifest: BackupManifest): Promise<string[]> {
  const expected = [{ path: manifest.database.file, sha256: manifest.database.sha256 }, ...manifest.files.copied.map((f) => ({ path: path.join('files', f.path), sha256: f.sha256 }))];
  const problems: string[] = [];
  for (const file of expected) {
    const full = path.join(from, file.path);
    if (!existsSync(full)) problems.push(`${file.path} is missing from the backup`);
    else if ((await sha256Of(full)) !== file.sha256) problems.push(`${file.path} does not match its checksum in the manifest`);
  }
  return problems;
}

/**
 * Restores a backup into the configured database and DATA_DIR. The target must be empty: a new
 * PostgreSQL database, or a DATA_DIR without a database and files. Checked first: the backup's
 * checksums, and that it was made by the same database engine.
 */
export async function restoreBackup(config: Config, from: string): Promise<BackupManifest> {
  const manifest = await readManifest(from);
  const damaged = await damagedFiles(from, manifest);
  if (damaged.length > 0) throw new Error(`The backup is damaged:\n${damaged.join('\n')}`);
  const driver = config.databaseUrl ? 'postgres' : 'pglite';
  if (driver !== manifest.driver)
    throw new Error(
      `The backup is of ${manifest.driver === 'pglite' ? 'the embedded database' : 'PostgreSQL'}; this configuration uses ${driver === 'pglite' ? 'the embedded database' : 'PostgreSQL'}`,
    );
  // Nothing is written until both targets are known to be empty.
  if (driver === 'pglite') {
    if ((await filesUnder(path.join(config.dataDir, 'pglite'))).length > 0) throw new Error(`${config.dataDir} already has a database: restore into an empty DATA_DIR (move the old one away first)`);
  } else await refuseTables(config.databaseUrl!);
  const files = localFilesDir(config);
  if (manifest.files.copied.length > 0 && (await filesUnder(files)).length > 0) throw new Error(`${files} already holds files: restore into an empty DATA_DIR`);
  const dump = path.join(from, manifest.database.file);
  if (driver === 'pglite') await restoreEmbedded(config.dataDir, new Blob([await readFile(dump)]));
  else await restorePostgres(config.databaseUrl!, dump);
  if (manifest.files.copied.length > 0) await cp(path.join(from, 'files'), files, { recursive: true });
  if (manifest.devKey && !existsSync(path.join(config.dataDir, DEV_KEY_FILE))) await copyFile(path.join(from, DEV_KEY_FILE), path.join(config.dataDir, DEV_KEY_FILE));
  return manifest;
}

/** pg_restore into `url`, which must have no tables yet (a new database). */
export async function restorePostgres(url: string, dump: string): Promise<void> {
  await refuseTables(url);
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', url, dump]);
}

/** Throws unless the database at `url` has no tables yet (a new database). */
async function refuseTables(url: string): Promise<void> {
  const database = await openDatabase({ url, poolSize: 1 });
  try {
    const [tables] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`);
    if ((tables?.n ?? 0) > 0) throw new Error('The database already has tables: restore into a new, empty database');
  } finally {
    await database.close();
  }
}
