import { HOUR } from '../clock';
import type { UploadedFile } from '../http/multipart';
import type { Limit, RateLimiter } from '../security/rate-limit';
import type { FileStore } from '../storage';

/**
 * Requests carrying documents, per account: 30 an hour. Every replaced document is kept for the
 * reviewer's history, so without a bound one account could fill the store; a person fixing a
 * form needs far fewer.
 */
export const uploadsPerAccount = (userId: string): Limit => ({ key: `uploads:${userId}`, max: 30, windowMs: HOUR });

/**
 * Counts a request that stored files against the account's upload limit; over it, the files are
 * deleted and the request is refused (429 with Retry-After). A request without files is free.
 */
export async function limitUploads(limiter: RateLimiter, store: FileStore, userId: string, files: readonly UploadedFile[]): Promise<void> {
  if (files.length === 0) return;
  try {
    await limiter.hit(uploadsPerAccount(userId));
  } catch (error) {
    await Promise.all(files.map((file) => store.delete(file.key)));
    throw error;
  }
}
