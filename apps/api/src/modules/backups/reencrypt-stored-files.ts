import { Readable } from 'node:stream';
import type { Database } from '../../platform/db/client';
import { isSensitiveKind, type FileStore } from '../../platform/storage';
import { readStoredFile, storedFileRecords } from './store';

export interface ReencryptReport {
  /** Encrypted objects read with whichever configured key encrypted them and written again under the first key. */
  rewritten: number;
  /** Objects the database names that are not encrypted (site images): left as they are. */
  unencrypted: number;
  /** Objects that could not be read whole or do not match the database's record: left as they are. */
  problems: string[];
  /**
   * Rewritten objects the database no longer named afterwards (replaced by their owner meanwhile,
   * whose deletion the rewrite may have undone): deleted again.
   */
  removed: number;
}

/**
 * Step 3 of a key rotation (docs/operations.md, "Encryption keys for identity documents"): every
 * encrypted object the database names is read with the key that encrypted it and written again,
 * which encrypts it under the first key of FILE_ENCRYPTION_KEYS. An object is written only once
 * its whole content has been read, decrypted and found equal to the database's record, so a
 * damaged object or a missing key is reported and the object left as it was. A put replaces the
 * object only when it completes. The server may replace a document (and delete its object) while
 * this runs: rewritten objects the database no longer names at the end are deleted again, so none
 * comes back. Running it again rewrites the same objects under the same key.
 */
export async function reencryptStoredFiles(store: FileStore, database: Database, progress: (done: number, total: number) => void = () => undefined): Promise<ReencryptReport> {
  const records = await storedFileRecords(database);
  const report: ReencryptReport = { rewritten: 0, unencrypted: 0, problems: [], removed: 0 };
  const rewritten: string[] = [];
  for (const [i, record] of records.entries()) {
    const head = await store.head(record.key).catch(() => null);
    if (head && !head.encrypted && !isSensitiveKind(head.kind)) {
      report.unencrypted += 1;
    } else {
      const read = await readStoredFile(store, record, true);
      if ('problem' in read) report.problems.push(read.problem);
      else {
        await store.put(record.key, Readable.from([read.bytes!]), { contentType: read.contentType, kind: read.kind });
        rewritten.push(record.key);
        report.rewritten += 1;
      }
    }
    progress(i + 1, records.length);
  }
  // The owner's record changes before its object is deleted, so a rewrite that undid a deletion
  // finds its key gone from the database here.
  const named = new Set((await storedFileRecords(database)).map((r) => r.key));
  for (const key of rewritten)
    if (!named.has(key)) {
      await store.delete(key);
      report.removed += 1;
    }
  return report;
}
