import { isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { StoredFileRecord } from '../../platform/storage';
import { emailChangeRequests } from './schema';

/** The identity documents sent with email change requests (backups check each one; no digest is kept). */
export async function emailChangeStoredFiles(db: Db): Promise<StoredFileRecord[]> {
  const rows = await db.select({ key: emailChangeRequests.documentKey, size: emailChangeRequests.documentSize }).from(emailChangeRequests).where(isNotNull(emailChangeRequests.documentKey));
  return rows.map((row) => ({ key: row.key!, size: row.size ?? 0, sha256: null }));
}
