import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

/**
 * One interface for stored files, whatever keeps them (a folder under DATA_DIR or an S3-compatible
 * bucket). Keys are made by the server (`newFileKey`), never taken from a client, and every store
 * refuses a key that does not have their shape, so no key can reach outside the store.
 */
export interface FileStore {
  /** Streams `body` into the object `key` (replacing it). A put that fails leaves nothing behind. */
  put(key: string, body: Readable, options: PutOptions): Promise<PutResult>;
  /**
   * The object's content and metadata; null when missing. Decrypted when its own header says it
   * is encrypted; an object recorded as encrypted (or of a sensitive kind) without that header,
   * or encrypted with a key not configured, is an error (FileDecryptionError), never its raw bytes.
   */
  get(key: string): Promise<StoredFile | null>;
  head(key: string): Promise<FileMetadata | null>;
  /** Removes the object; nothing happens when it is missing. */
  delete(key: string): Promise<void>;
  /** Resolves when the store can be written to now (readiness); rejects with what is wrong, or when `signal` aborts. */
  check(signal?: AbortSignal): Promise<void>;
}

export interface PutOptions {
  contentType: string;
  kind: string;
}

export interface PutResult {
  /** Bytes as given (before any encryption). */
  size: number;
  /** Hex SHA-256 of the bytes as given. */
  sha256: string;
}

export interface FileMetadata {
  key: string;
  kind: string;
  contentType: string;
  /** Bytes as given (before any encryption). */
  size: number;
  /** Whether the object is encrypted where it is kept (from `get`: its header; from `head`: its metadata). */
  encrypted: boolean;
}

export interface StoredFile extends FileMetadata {
  /**
   * The content. For an encrypted object the stream fails at its end when the object was altered
   * (the GCM tag): read it through `pipeline()` and treat a failure as "no file", never use a
   * partly read body.
   */
  body: Readable;
}

/** Kinds whose objects are encrypted at rest (identity documents). */
export const SENSITIVE_KINDS: ReadonlySet<string> = new Set(['identity']);

const KIND = /^[a-z][a-z0-9-]{0,31}$/;
const KEY = /^([a-z][a-z0-9-]{0,31})\/([A-Za-z0-9_-]{16,64})$/;

export function isSensitiveKind(kind: string): boolean {
  return SENSITIVE_KINDS.has(kind);
}

/** A new server-made key for an object of `kind`, e.g. `identity/k3J…` (random, 128 bits). */
export function newFileKey(kind: string): string {
  if (!KIND.test(kind)) throw new Error(`invalid file kind ${JSON.stringify(kind)}`);
  return `${kind}/${randomBytes(16).toString('base64url')}`;
}

/** Splits a key into its folder and name; throws on anything that is not a server-made key. */
export function parseFileKey(key: string): { folder: string; name: string } {
  const match = KEY.exec(key);
  if (!match) throw new Error(`invalid file key ${JSON.stringify(key)}`);
  return { folder: match[1]!, name: match[2]! };
}

export function checkPutOptions(options: PutOptions): void {
  if (!KIND.test(options.kind)) throw new Error(`invalid file kind ${JSON.stringify(options.kind)}`);
  if (!/^[\w.+-]+\/[\w.+-]+$/.test(options.contentType)) throw new Error(`invalid content type ${JSON.stringify(options.contentType)}`);
}

/** A pass-through that counts and hashes what flows through it; `result()` once it has ended. */
export function measuring(): Transform & { result(): PutResult } {
  const hash = createHash('sha256');
  let size = 0;
  let digest: string | null = null;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      digest = hash.digest('hex');
      callback();
    },
  });
  return Object.assign(stream, {
    result(): PutResult {
      if (digest === null) throw new Error('the stream has not ended');
      return { size, sha256: digest };
    },
  });
}

/** A stored object as the database records it: what a backup checks each file against. */
export interface StoredFileRecord {
  key: string;
  /** Bytes as given (before any encryption). */
  size: number;
  /** Hex SHA-256 of the bytes as given, where the owner keeps it. */
  sha256: string | null;
}
