import type { Config } from '../config';
import type { Clock } from './clock';
import type { Db } from './db/client';
import type { DocumentRenderer } from './pdf';
import type { Realtime } from './realtime';
import type { RateLimiter } from './security/rate-limit';
import type { FileStore } from './storage';

/** What a use-case needs from the platform, passed as plain arguments (never the request). */
export interface AppContext {
  db: Db;
  clock: Clock;
  config: Config;
  limiter: RateLimiter;
  /** Uploaded files (platform/storage): a folder under DATA_DIR or an S3-compatible bucket. */
  storage: FileStore;
  /** Live fan-out between instances (platform/realtime): publish ids after a commit, subscribe in streams. */
  realtime: Realtime;
  /** PDFs drawn in worker threads, one per person at a time (platform/pdf, decision 0036). */
  documents: DocumentRenderer;
}

/** What use-cases that only read and write the database need (jobs, seeders, most order calls). */
export type DbContext = Pick<AppContext, 'db' | 'clock'>;
