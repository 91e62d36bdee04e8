import type { Db } from '../../platform/db/client';
import type { StoredFileRecord } from '../../platform/storage';
import { verificationDocuments } from './schema';

/** Every verification document in the file store, current or superseded (backups check each one). */
export async function verificationStoredFiles(db: Db): Promise<StoredFileRecord[]> {
  return db.select({ key: verificationDocuments.fileKey, size: verificationDocuments.size, sha256: verificationDocuments.sha256 }).from(verificationDocuments);
}
