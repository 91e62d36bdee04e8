import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config';
import { openDatabase, type Database } from '../../platform/db/client';
import { createFileStore, localFilesDir, newFileKey, type FileStore } from '../../platform/storage';
import { encryptionHeaderOf } from '../../platform/storage/encryption';
import { DEMO_USER_EMAIL, seedDemoOrders } from '../orders';
import { findActiveUserByEmail, seedDemoAdmin } from '../users';
import { reencryptStoredFiles } from './index';

/**
 * A key rotation's step 3 on the local store: identity documents encrypted with an old key are
 * rewritten under the new first key, after which the old key can go; a document that no longer
 * matches its record is reported and left exactly as it was.
 */
const OLD = `2026a:${randomBytes(32).toString('base64')}`;
const NEW = `2027a:${randomBytes(32).toString('base64')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'lu-reencrypt-'));
const settings = (keys: string): Config => loadConfig({ DATA_DIR: dataDir, FILE_ENCRYPTION_KEYS: keys });

let database: Database;
let userId: string;
const rawFile = (key: string) => readFileSync(path.join(localFilesDir({ dataDir }), key));
const keyIdOf = (key: string) => encryptionHeaderOf(rawFile(key))?.keyId;

/** An identity document stored with `store` and recorded as the verification module records it. */
async function storeDocument(store: FileStore, slot: string, bytes: Buffer, recordedSha256?: string): Promise<string> {
  const key = newFileKey('identity');
  const stored = await store.put(key, Readable.from([bytes]), { contentType: 'application/pdf', kind: 'identity' });
  await database.db.execute(
    sql`insert into verification_documents (user_id, slot, file_key, filename, content_type, size, sha256, uploaded_at) values (${userId}, ${slot}, ${key}, 'document.pdf', 'application/pdf', ${stored.size}, ${recordedSha256 ?? stored.sha256}, now())`,
  );
  return key;
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  await seedDemoAdmin(database.db);
  await seedDemoOrders(database.db);
  userId = (await findActiveUserByEmail(database.db, DEMO_USER_EMAIL))!.id;
}, 120_000);
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('rewriting stored files under the first key', () => {
  it('moves every identity document from the old key to the new one, so the old key can be removed', async () => {
    const oldStore = createFileStore(settings(OLD));
    const passport = randomBytes(70_000);
    const selfie = randomBytes(1_000);
    const keys = [await storeDocument(oldStore, 'passportFile', passport), await storeDocument(oldStore, 'optionalDocument', selfie)];
    expect(keys.map(keyIdOf)).toEqual(['2026a', '2026a']);

    const report = await reencryptStoredFiles(createFileStore(settings(`${NEW},${OLD}`)), database);
    expect(report).toEqual({ rewritten: 2, unencrypted: 0, problems: [], removed: 0 });
    expect(keys.map(keyIdOf)).toEqual(['2027a', '2027a']);

    // With the old key gone, both still read back whole.
    const newOnly = createFileStore(settings(NEW));
    for (const [key, bytes] of [
      [keys[0]!, passport],
      [keys[1]!, selfie],
    ] as const) {
      const file = await newOnly.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of file!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    }
  });

  it('leaves a document that no longer matches its record as it was, and says which', async () => {
    const oldStore = createFileStore(settings(OLD));
    const key = await storeDocument(oldStore, 'bankStatement', randomBytes(5_000), 'f'.repeat(64));
    const before = rawFile(key);

    const report = await reencryptStoredFiles(createFileStore(settings(`${NEW},${OLD}`)), database);
    expect(report.problems).toEqual([`${key} does not match the SHA-256 the database records`]);
    expect(rawFile(key).equals(before)).toBe(true);
    expect(keyIdOf(key)).toBe('2026a');
  });

  it('reports a document whose key is no longer configured, without touching it', async () => {
    const key = await storeDocument(createFileStore(settings(OLD)), 'identityDocument', randomBytes(2_000));
    const before = rawFile(key);

    const report = await reencryptStoredFiles(createFileStore(settings(NEW)), database);
    expect(report.problems).toContainEqual(expect.stringContaining(`${key} cannot be read: the file was encrypted with key "2026a"`));
    expect(rawFile(key).equals(before)).toBe(true);
  });

  it('deletes again a document its owner replaced while it was being rewritten, so it does not come back', async () => {
    const key = await storeDocument(createFileStore(settings(OLD)), 'registrationDocument', randomBytes(3_000));
    const store = createFileStore(settings(`${NEW},${OLD}`));
    // The owner replaces the document between this command's read and its write: the record goes,
    // then the object is deleted; the write that follows would bring the object back.
    const racing: FileStore = {
      ...store,
      get: (k) => store.get(k),
      head: (k) => store.head(k),
      delete: (k) => store.delete(k),
      check: (signal) => store.check(signal),
      put: async (k, body, options) => {
        if (k === key) {
          await database.db.execute(sql`delete from verification_documents where file_key = ${key}`);
          await store.delete(key);
        }
        return store.put(k, body, options);
      },
    };
    const report = await reencryptStoredFiles(racing, database);
    expect(report.removed).toBe(1);
    expect(await store.get(key)).toBeNull();
  });
});
