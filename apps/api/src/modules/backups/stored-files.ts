import type { Database } from '../../platform/db/client';
import type { StoredFileRecord } from '../../platform/storage';
import { emailChangeStoredFiles } from '../email-change';
import { siteImageStoredFiles } from '../site-content';
import { verificationStoredFiles } from '../verification';

/** The file store's objects the database names (every module that keeps files says which). */
export async function storedFileRecords(database: Database): Promise<StoredFileRecord[]> {
  const lists = await Promise.all([verificationStoredFiles(database.db), emailChangeStoredFiles(database.db), siteImageStoredFiles(database.db)]);
  return lists.flat();
}
