import type { Db } from '../../platform/db/client';
import type { StoredFileRecord } from '../../platform/storage';
import { siteImages } from './schema';

/** The website's images in the file store (backups check each one). */
export async function siteImageStoredFiles(db: Db): Promise<StoredFileRecord[]> {
  return db.select({ key: siteImages.key, size: siteImages.size, sha256: siteImages.sha256 }).from(siteImages);
}
