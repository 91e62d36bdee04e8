import path from 'node:path';
import type { Config } from '../../config';
import { devKeySource, DEV_KEY_FILE, keyringOf, type KeySource } from './encryption';
import type { FileStore } from './file-store';
import { LocalFileStore } from './local-store';
import { S3FileStore } from './s3-store';

export { isSensitiveKind, newFileKey, SENSITIVE_KINDS, type FileMetadata, type FileStore, type PutOptions, type PutResult, type StoredFile, type StoredFileRecord } from './file-store';

/** The folder of the local store: DATA_DIR/files. */
export function localFilesDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'files');
}

/**
 * The store the configuration asks for: an S3-compatible bucket when the S3_* settings are set,
 * otherwise DATA_DIR/files. Without FILE_ENCRYPTION_KEYS (never in production) sensitive objects
 * are encrypted with a development key kept in DATA_DIR, and `warn` says so once.
 */
export function createFileStore(config: Pick<Config, 'dataDir' | 'storage'>, warn: (message: string) => void = () => undefined): FileStore {
  const { s3, encryptionKeys } = config.storage;
  let keys: KeySource;
  if (encryptionKeys) {
    const keyring = keyringOf(encryptionKeys);
    keys = () => Promise.resolve(keyring);
  } else {
    keys = devKeySource(config.dataDir);
    warn(`FILE_ENCRYPTION_KEYS is not set: identity documents are encrypted with a development key in ${path.join(config.dataDir, DEV_KEY_FILE)} (never use this in production)`);
  }
  return s3 ? new S3FileStore(s3, keys) : new LocalFileStore(localFilesDir(config), keys);
}
