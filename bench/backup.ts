import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { loadConfig, type Config } from '../apps/api/src/config';
import { createBackup, restoreBackup, verifyBackup } from '../apps/api/src/modules/backups';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { users } from '../apps/api/src/schema';
import { createFileStore, newFileKey } from '../apps/api/src/platform/storage';
import { databaseUrl, withAdmin } from '../apps/api/src/test/template';
import { insertHistory } from './statement';

/**
 * npm run bench:backup: the time to back up, verify and restore a realistic data set, on the
 * embedded database and (with BENCH_DATABASE_URL, default the local server) on PostgreSQL:
 * PEOPLE people with HISTORY postings each (orders and ledger entries), and DOCUMENTS encrypted
 * identity documents of DOCUMENT_BYTES each, recorded as verification documents.
 */
const PEOPLE = 100;
const HISTORY = 2_000;
const DOCUMENTS = 200;
const DOCUMENT_BYTES = 256 * 1024;
/** One current document per person and slot. */
const SLOTS = ['passportFile', 'registrationDocument', 'optionalDocument', 'bankStatement'];
const KEYS = `k1:${Buffer.alloc(32, 7).toString('base64')}`;
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const base = mkdtempSync(path.join(tmpdir(), 'lu-bench-backup-'));
const databases: string[] = [];

async function target(driver: 'pglite' | 'postgres', name: string): Promise<Config> {
  const dataDir = path.join(base, `${driver}-${name}`);
  if (driver === 'pglite') return loadConfig({ DATA_DIR: dataDir, FILE_ENCRYPTION_KEYS: KEYS });
  const database = `lu_bench_backup_${name}_${randomBytes(3).toString('hex')}`;
  await withAdmin(server, (client) => client.query(`create database "${database}"`));
  databases.push(database);
  return loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(server, database), FILE_ENCRYPTION_KEYS: KEYS });
}

async function fill(config: Config): Promise<void> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const people = await database.db
      .insert(users)
      .values(
        Array.from({ length: PEOPLE }, (_, i) => ({
          email: `bench-backup${i}@example.com`,
          firstName: 'Bench',
          lastName: `Backup${i}`,
          userType: 'USER' as const,
          passwordHash: 'x',
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    for (let i = 0; i < people.length; i++) await insertHistory(database, people[i]!.id, people[(i + 1) % people.length]!.id, HISTORY);
    const store = createFileStore(config);
    for (let i = 0; i < DOCUMENTS; i++) {
      const key = newFileKey('identity');
      const stored = await store.put(key, Readable.from([randomBytes(DOCUMENT_BYTES)]), { contentType: 'application/pdf', kind: 'identity' });
      await database.db.execute(
        sql`insert into verification_documents (user_id, slot, file_key, filename, content_type, size, sha256, uploaded_at) values (${people[i % people.length]!.id}, ${SLOTS[Math.floor(i / people.length) % SLOTS.length]!}, ${key}, 'passport.pdf', 'application/pdf', ${stored.size}, ${stored.sha256}, now())`,
      );
    }
  } finally {
    await database.close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
try {
  for (const driver of ['pglite', 'postgres'] as const) {
    const source = await target(driver, 'source');
    let at = Date.now();
    await fill(source);
    const filled = Date.now() - at;
    const folder = path.join(base, `${driver}-backup`);
    at = Date.now();
    const manifest = await createBackup(source, folder);
    const backupMs = Date.now() - at;
    const report = await verifyBackup(source, folder);
    if (report.problems.length > 0) throw new Error(`the backup did not verify: ${report.problems.join('; ')}`);
    at = Date.now();
    await restoreBackup(await target(driver, 'restored'), folder);
    const restoreMs = Date.now() - at;
    const filesMb = manifest.files.copied.reduce((sum, f) => sum + f.bytes, 0) / 1e6;
    process.stdout.write(
      `${driver}: ${PEOPLE * HISTORY} orders and postings, ${DOCUMENTS} documents (${filesMb.toFixed(0)} MB), filled in ${seconds(filled)}; ` +
        `backup ${seconds(backupMs)} (database ${(manifest.database.bytes / 1e6).toFixed(1)} MB); verify: restore ${seconds(report.restoreMs)} + checks ${seconds(report.checkMs)} (${report.filesChecked} files); restore ${seconds(restoreMs)}\n`,
    );
  }
} finally {
  for (const name of databases) await withAdmin(server, (client) => client.query(`drop database if exists "${name}" with (force)`));
  rmSync(base, { recursive: true, force: true });
}
