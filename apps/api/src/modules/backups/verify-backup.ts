import { randomBytes } from 'node:crypto';
import { copyFile, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { embeddedDatabase, openDatabase, type Database } from '../../platform/db/client';
import { createFileStore } from '../../platform/storage';
import { DEV_KEY_FILE } from '../../platform/storage/encryption';
import { reconcile } from '../ledger';
import { damagedFiles, readManifest, readStoredFile, restorePostgres, storedFileRecords, type BackupManifest } from './store';

export interface VerifyReport {
  manifest: BackupManifest;
  /** Everything wrong; empty when the backup restores whole. */
  problems: string[];
  /** Stored files the database names, each read back and compared. */
  filesChecked: number;
  /** How long the restore into the scratch database and folder took, and the checks after it. */
  restoreMs: number;
  checkMs: number;
}

/**
 * Restores the backup into a scratch database (a new database on the configured PostgreSQL server,
 * or an in-memory embedded one) and a scratch folder, then checks what a real restore would need:
 * the manifest's checksums, the ledger's reconciliation (every unit type balanced, every balance
 * equal to its entries, no person below zero), and every stored file the database names, read back
 * through the file store with the configured keys (so lost keys show here, not on the day of a
 * restore). Files kept in a bucket are checked in the bucket. Nothing configured is changed.
 */
export async function verifyBackup(config: Config, from: string): Promise<VerifyReport> {
  const manifest = await readManifest(from);
  const problems = await damagedFiles(from, manifest);
  if (problems.length > 0) return { manifest, problems, filesChecked: 0, restoreMs: 0, checkMs: 0 };

  const scratch = await mkdtemp(path.join(tmpdir(), 'lu-verify-'));
  const started = Date.now();
  let database: Database | null = null;
  let dropScratchDatabase = async () => {};
  try {
    const dump = path.join(from, manifest.database.file);
    if (manifest.driver === 'pglite') {
      const client = new PGlite({ loadDataDir: new Blob([await readFile(dump)]) });
      await client.waitReady;
      database = embeddedDatabase(client);
    } else {
      if (!config.databaseUrl) throw new Error('A PostgreSQL backup is verified on a PostgreSQL server: set DATABASE_URL (a scratch database is made there and dropped)');
      const name = `lu_verify_${randomBytes(6).toString('hex')}`;
      const admin = await openDatabase({ url: config.databaseUrl, poolSize: 1 });
      const url = new URL(config.databaseUrl);
      url.pathname = `/${name}`;
      try {
        await admin.db.execute(sql.raw(`create database "${name}"`));
      } finally {
        await admin.close();
      }
      dropScratchDatabase = async () => {
        const again = await openDatabase({ url: config.databaseUrl, poolSize: 1 });
        try {
          await again.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
        } finally {
          await again.close();
        }
      };
      await restorePostgres(url.toString(), dump);
      database = await openDatabase({ url: url.toString(), poolSize: 4 });
    }
    if (manifest.files.copied.length > 0) await cp(path.join(from, 'files'), path.join(scratch, 'files'), { recursive: true });
    if (manifest.devKey) await copyFile(path.join(from, DEV_KEY_FILE), path.join(scratch, DEV_KEY_FILE));
    const restoreMs = Date.now() - started;

    const checking = Date.now();
    for (const problem of await reconcile(database.db)) problems.push(`ledger: ${problem.message}`);
    const store = createFileStore({ dataDir: scratch, storage: config.storage });
    const records = await storedFileRecords(database);
    for (const record of records) {
      const read = await readStoredFile(store, record);
      if ('problem' in read) problems.push(read.problem);
    }
    return { manifest, problems, filesChecked: records.length, restoreMs, checkMs: Date.now() - checking };
  } finally {
    await database?.close();
    await dropScratchDatabase();
    await rm(scratch, { recursive: true, force: true });
  }
}
