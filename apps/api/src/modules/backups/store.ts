import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../../platform/db/client';
import type { FileStore, StoredFileRecord } from '../../platform/storage';
import { emailChangeStoredFiles } from '../email-change';
import { siteImageStoredFiles } from '../site-content';
import { verificationStoredFiles } from '../verification';

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
export async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
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

/** pg_restore into `url`, which must have no tables yet (a new database). */
export async function restorePostgres(url: string, dump: string): Promise<void> {
  await refuseTables(url);
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', url, dump]);
}

/** Throws unless the database at `url` has no tables yet (a new database). */
export async function refuseTables(url: string): Promise<void> {
  const database = await openDatabase({ url, poolSize: 1 });
  try {
    const [tables] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`);
    if ((tables?.n ?? 0) > 0) throw new Error('The database already has tables: restore into a new, empty database');
  } finally {
    await database.close();
  }
}

/** The file store's objects the database names (every module that keeps files says which). */
export async function storedFileRecords(database: Database): Promise<StoredFileRecord[]> {
  const lists = await Promise.all([verificationStoredFiles(database.db), emailChangeStoredFiles(database.db), siteImageStoredFiles(database.db)]);
  return lists.flat();
}

export type StoredFileRead = { problem: string } | { bytes: Buffer | null; contentType: string; kind: string };

/**
 * Reads one object back (decrypting it as the app would) and compares it with the database's
 * record: its size, and its SHA-256 where the owner keeps one. `keep` keeps its bytes (otherwise
 * they are only hashed as they stream).
 */
export async function readStoredFile(store: FileStore, record: StoredFileRecord, keep = false): Promise<StoredFileRead> {
  try {
    const file = await store.get(record.key);
    if (!file) return { problem: `${record.key} is named in the database but missing from the files` };
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of file.body) {
      const bytes = chunk as Buffer;
      hash.update(bytes);
      size += bytes.length;
      if (keep) chunks.push(bytes);
    }
    if (size !== record.size) return { problem: `${record.key} has ${size} bytes; the database records ${record.size}` };
    if (record.sha256 && hash.digest('hex') !== record.sha256) return { problem: `${record.key} does not match the SHA-256 the database records` };
    return { bytes: keep ? Buffer.concat(chunks) : null, contentType: file.contentType, kind: file.kind };
  } catch (error) {
    return { problem: `${record.key} cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}
