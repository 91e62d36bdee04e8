import { z } from 'zod';

/**
 * The file storage settings, part of the one configuration loaded by config.ts (which alone reads
 * the environment). Kept apart so config.ts stays short.
 */

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const KEYS_MESSAGE = 'must be a comma-separated list of keyId:base64 keys, each of 32 bytes (e.g. "2026a:…")';

export const StorageEnv = {
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://s3.eu-west-2.amazonaws.com' }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as eu-west-2 (auto on R2)')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(3, 'must be an access key id').optional(),
  // Checked in storageConfig, so that a problem is reported without echoing the secret.
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  FILE_ENCRYPTION_KEYS: z.string().optional(),
};

type StorageEnvValues = z.output<z.ZodObject<typeof StorageEnv>>;

export interface S3Settings {
  /** Unset for AWS S3 itself; the server's URL for MinIO, R2 and other S3-compatible stores. */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (MinIO and most local servers) instead of in the host name. */
  forcePathStyle: boolean;
}

export interface FileEncryptionKey {
  id: string;
  /** 32 bytes (AES-256). */
  key: Buffer;
}

export interface StorageConfig {
  /** Null: files are kept in DATA_DIR/files. */
  s3: S3Settings | null;
  /** The first encrypts new objects, every one decrypts; null: a development key under DATA_DIR (never in production). */
  encryptionKeys: FileEncryptionKey[] | null;
}

/** Parses `id:base64,id:base64`; null when the value is malformed. */
export function parseFileEncryptionKeys(value: string): FileEncryptionKey[] | null {
  const keys: FileEncryptionKey[] = [];
  for (const item of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = item.indexOf(':');
    const id = item.slice(0, at);
    const encoded = item.slice(at + 1);
    if (at < 1 || !KEY_ID.test(id) || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
    const key = Buffer.from(encoded, 'base64');
    if (key.length !== 32 || keys.some((k) => k.id === id)) return null;
    keys.push({ id, key });
  }
  return keys.length ? keys : null;
}

export const FILE_KEYS_REQUIRED = 'FILE_ENCRYPTION_KEYS must be set in production (identity documents are encrypted with it); make a key with `openssl rand -base64 32`';

/** With a bucket shared by several instances, a key kept on one instance's disk would strand the others' files. */
export const FILE_KEYS_REQUIRED_WITH_S3 = 'FILE_ENCRYPTION_KEYS must be set when files are kept in S3 (every instance must read what the others wrote); make a key with `openssl rand -base64 32`';

/** Builds the storage part of the configuration, adding any problem to `problems`. */
export function storageConfig(e: StorageEnvValues, group: (names: string[]) => boolean, problems: string[]): StorageConfig {
  let s3: S3Settings | null = null;
  if (e.S3_SECRET_ACCESS_KEY !== undefined && e.S3_SECRET_ACCESS_KEY.length < 8) problems.push('S3_SECRET_ACCESS_KEY must be a secret access key (8 characters or more)');
  if (group(['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])) {
    s3 = {
      endpoint: e.S3_ENDPOINT ?? null,
      region: e.S3_REGION!,
      bucket: e.S3_BUCKET!,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    };
  } else if (e.S3_ENDPOINT !== undefined || e.S3_FORCE_PATH_STYLE !== undefined) {
    problems.push('S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set too (S3_ENDPOINT or S3_FORCE_PATH_STYLE is set)');
  }
  let encryptionKeys: FileEncryptionKey[] | null = null;
  if (e.FILE_ENCRYPTION_KEYS !== undefined) {
    encryptionKeys = parseFileEncryptionKeys(e.FILE_ENCRYPTION_KEYS);
    if (!encryptionKeys) problems.push(`FILE_ENCRYPTION_KEYS ${KEYS_MESSAGE}`);
  }
  if (s3 && !encryptionKeys) problems.push(FILE_KEYS_REQUIRED_WITH_S3);
  return { s3, encryptionKeys };
}
