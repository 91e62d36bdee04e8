import { createHash } from 'node:crypto';
import type { Database } from '../../platform/db/client';
import type { FileStore, StoredFileRecord } from '../../platform/storage';
import { emailChangeStoredFiles } from '../email-change';
import { siteImageStoredFiles } from '../site-content';
import { verificationStoredFiles } from '../verification';

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
