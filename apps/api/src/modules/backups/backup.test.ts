import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config';
import { openDatabase, queryRows, type Database } from '../../platform/db/client';
import { createFileStore, newFileKey } from '../../platform/storage';
import { databaseUrl, withAdmin } from '../../test/template';
import { PRODUCTION_SETTINGS } from '../../test/settings';
import { reconcile } from '../ledger';
import { DEMO_USER_EMAIL, seedDemoOrders } from '../orders';
import { findActiveUserByEmail, seedDemoAdmin } from '../users';
import { createBackup, restoreBackup, verifyBackup } from './index';

/**
 * The restore drill (decision 0042): a database with a ledger and an encrypted identity document,
 * backed up, verified in a scratch database and folder, and restored into an empty one, on the
 * database this run uses (the embedded one, or PostgreSQL with TEST_DATABASE_URL).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const base = mkdtempSync(path.join(tmpdir(), 'lu-backup-'));
const KEYS = PRODUCTION_SETTINGS.FILE_ENCRYPTION_KEYS!;
const created: string[] = [];

/** A new, empty database of its own: a folder (embedded) or a database on the test server. */
async function newTarget(name: string): Promise<Config> {
  const dataDir = path.join(base, name);
  if (!serverUrl) return loadConfig({ DATA_DIR: dataDir, FILE_ENCRYPTION_KEYS: KEYS });
  const database = `lu_backup_${name}_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`create database "${database}"`));
  created.push(database);
  return loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(serverUrl, database), FILE_ENCRYPTION_KEYS: KEYS });
}

const balancesOf = (database: Database) =>
  queryRows<{ holder: string; unit_type: string; bucket: string; balance: string }>(
    database.db,
    sql`select holder, unit_type, bucket, balance::text from ledger_accounts order by holder, unit_type, bucket`,
  );

let source: Config;
let documentKey: string;
let documentBytes: Buffer;
let balances: Awaited<ReturnType<typeof balancesOf>>;

beforeAll(async () => {
  source = await newTarget('source');
  const database = await openDatabase({ url: source.databaseUrl, dataDir: source.dataDir });
  try {
    await database.migrate();
    await seedDemoAdmin(database.db);
    await seedDemoOrders(database.db);
    // An identity document, stored encrypted, recorded as the verification module records it.
    documentBytes = randomBytes(40_000);
    documentKey = newFileKey('identity');
    const stored = await createFileStore(source).put(documentKey, Readable.from([documentBytes]), { contentType: 'application/pdf', kind: 'identity' });
    const demo = await findActiveUserByEmail(database.db, DEMO_USER_EMAIL);
    await database.db.execute(
      sql`insert into verification_documents (user_id, slot, file_key, filename, content_type, size, sha256, uploaded_at) values (${demo!.id}, 'passportFile', ${documentKey}, 'passport.pdf', 'application/pdf', ${stored.size}, ${stored.sha256}, now())`,
    );
    balances = await balancesOf(database);
    expect(balances.length).toBeGreaterThan(0);
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  if (serverUrl) for (const name of created) await withAdmin(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
  rmSync(base, { recursive: true, force: true });
});

describe(`backups and restores (${serverUrl ? 'PostgreSQL' : 'the embedded database'})`, () => {
  const folder = path.join(base, 'backup');

  it('backs up, verifies in a scratch database, and restores into an empty one with the same ledger and readable documents', async () => {
    const manifest = await createBackup(source, folder);
    expect(manifest).toMatchObject({ driver: serverUrl ? 'postgres' : 'pglite', devKey: false, files: { store: 'local' } });
    expect(manifest.files.copied.map((f) => f.path)).toContain(`${documentKey}`);
    // The document is in the backup as stored: encrypted, never the person's bytes.
    expect(readFileSync(path.join(folder, 'files', documentKey)).includes(documentBytes.subarray(0, 64))).toBe(false);

    const report = await verifyBackup(source, folder);
    expect(report.problems).toEqual([]);
    expect(report.filesChecked).toBe(1);

    const target = await newTarget('restored');
    await restoreBackup(target, folder);
    const restored = await openDatabase({ url: target.databaseUrl, dataDir: target.dataDir });
    try {
      expect(await reconcile(restored.db)).toEqual([]);
      expect(await balancesOf(restored)).toEqual(balances);
      const file = await createFileStore(target).get(documentKey);
      const chunks: Buffer[] = [];
      for await (const chunk of file!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(documentBytes)).toBe(true);
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('refuses to restore over a database that is not empty, changing nothing', async () => {
    await expect(restoreBackup(source, folder)).rejects.toThrow(serverUrl ? 'The database already has tables: restore into a new, empty database' : 'already has a database');
  }, 60_000);

  it('finds a damaged copy, and documents the configured keys cannot read', async () => {
    const withOtherKeys = loadConfig({
      DATA_DIR: source.dataDir,
      ...(source.databaseUrl ? { DATABASE_URL: source.databaseUrl } : {}),
      FILE_ENCRYPTION_KEYS: `k9:${Buffer.alloc(32, 9).toString('base64')}`,
    });
    const lostKeys = await verifyBackup(withOtherKeys, folder);
    expect(lostKeys.problems).toEqual([expect.stringContaining(`${documentKey} cannot be read`)]);

    const stored = path.join(folder, 'files', documentKey);
    const bytes = readFileSync(stored);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    writeFileSync(stored, bytes);
    const damaged = await verifyBackup(source, folder);
    expect(damaged.problems).toEqual([`files/${documentKey} does not match its checksum in the manifest`]);
    await expect(restoreBackup(await newTarget('refused'), folder)).rejects.toThrow('The backup is damaged');
    expect(existsSync(path.join(base, 'refused', 'files'))).toBe(false);
  }, 120_000);
});
