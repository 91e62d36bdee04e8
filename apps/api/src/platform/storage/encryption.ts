import { createCipheriv, createDecipheriv, randomBytes, type DecipherGCM } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { FileEncryptionKey } from '../../config-storage';

/**
 * Encryption at rest of sensitive objects: AES-256-GCM over the whole object, streamed.
 *
 * Stored form: header | ciphertext | 16-byte GCM tag, where the header is
 *   "LUFE" (4 bytes) | version 1 (1 byte) | key id length (1 byte) | key id (ASCII) | IV (12 bytes)
 * and is authenticated as additional data, so neither the key id nor the IV can be altered either.
 * The key id names which of FILE_ENCRYPTION_KEYS encrypted the object, so keys can rotate: new
 * objects use the first key, every listed key still reads.
 */

const MAGIC = Buffer.from('LUFE', 'ascii');
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Keyring {
  /** Encrypts new objects. */
  current: FileEncryptionKey;
  byId: ReadonlyMap<string, Buffer>;
}

/** Where the keys come from: the environment, or a development key made on first use. */
export type KeySource = () => Promise<Keyring>;

export function keyringOf(keys: readonly FileEncryptionKey[]): Keyring {
  const [current] = keys;
  if (!current) throw new Error('at least one file encryption key is needed');
  return { current, byId: new Map(keys.map((k) => [k.id, k.key])) };
}

export const DEV_KEY_FILE = 'dev-file-encryption.key';
export const DEV_KEY_ID = 'dev';

/**
 * Development and tests only (config refuses production without FILE_ENCRYPTION_KEYS): a random key
 * written once to DATA_DIR/dev-file-encryption.key and read back on later starts.
 */
export function devKeySource(dataDir: string): KeySource {
  let loading: Promise<Keyring> | null = null;
  return () => {
    loading ??= (async () => {
      const file = path.join(dataDir, DEV_KEY_FILE);
      await mkdir(dataDir, { recursive: true });
      try {
        await writeFile(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
      if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
      return keyringOf([{ id: DEV_KEY_ID, key }]);
    })();
    return loading;
  };
}

/** Bytes an encrypted object has beyond its content. */
export function encryptionOverhead(keyId: string): number {
  return MAGIC.length + 2 + Buffer.byteLength(keyId, 'ascii') + IV_BYTES + TAG_BYTES;
}

export function encryptingStream(key: FileEncryptionKey): Transform {
  const iv = randomBytes(IV_BYTES);
  const id = Buffer.from(key.id, 'ascii');
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION, id.length]), id, iv]);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(header);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const out = cipher.update(chunk);
      if (!started) {
        started = true;
        callback(null, Buffer.concat([header, out]));
      } else callback(null, out);
    },
    flush(callback) {
      const tail = Buffer.concat([cipher.final(), cipher.getAuthTag()]);
      callback(null, started ? tail : Buffer.concat([header, tail]));
    },
  });
}

export class FileDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileDecryptionError';
  }
}

/**
 * Decrypts the stored form. The last 16 bytes seen are always held back (they may be the tag), so
 * the stream ends only once the tag has verified; a tampered or truncated object makes it fail.
 */
export function decryptingStream(keyring: Keyring): Transform {
  let pending: Buffer = Buffer.alloc(0);
  let decipher: DecipherGCM | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      try {
        if (!decipher) {
          const header = readHeader(pending, keyring);
          if (!header) return callback();
          decipher = header.decipher;
          pending = pending.subarray(header.length);
        }
        if (pending.length <= TAG_BYTES) return callback();
        const body = pending.subarray(0, pending.length - TAG_BYTES);
        pending = Buffer.from(pending.subarray(pending.length - TAG_BYTES));
        callback(null, decipher.update(body));
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        if (!decipher || pending.length !== TAG_BYTES) throw new FileDecryptionError('the encrypted file is incomplete');
        decipher.setAuthTag(pending);
        callback(null, decipher.final());
      } catch (error) {
        callback(error instanceof FileDecryptionError ? error : new FileDecryptionError('the encrypted file was altered or the key is wrong'));
      }
    },
  });
}

/** The longest header: magic, version, key id length, a key id of up to 255 bytes, the IV. */
export const MAX_HEADER_BYTES = MAGIC.length + 2 + 255 + IV_BYTES;

/**
 * What the first bytes of a stored object say about it: `null` when they do not start with the
 * magic (not encrypted by this format), otherwise the key id; a known magic with an unknown
 * version, or a header cut short, is an error (decision 0035: an object says what it is).
 */
export function encryptionHeaderOf(prefix: Buffer): { keyId: string } | null {
  if (prefix.length < MAGIC.length || !prefix.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  if (prefix.length < MAGIC.length + 2) throw new FileDecryptionError('the encrypted file is incomplete');
  if (prefix[MAGIC.length] !== VERSION) throw new FileDecryptionError(`the file's encryption format version ${prefix[MAGIC.length]} is unknown`);
  const idLength = prefix[MAGIC.length + 1]!;
  if (prefix.length < MAGIC.length + 2 + idLength + IV_BYTES + TAG_BYTES) throw new FileDecryptionError('the encrypted file is incomplete');
  return { keyId: prefix.subarray(MAGIC.length + 2, MAGIC.length + 2 + idLength).toString('ascii') };
}

function readHeader(buffer: Buffer, keyring: Keyring): { decipher: DecipherGCM; length: number } | null {
  if (buffer.length < MAGIC.length + 2) return null;
  if (!buffer.subarray(0, MAGIC.length).equals(MAGIC) || buffer[MAGIC.length] !== VERSION) {
    throw new FileDecryptionError('the file is not in the encrypted format');
  }
  const idLength = buffer[MAGIC.length + 1]!;
  const length = MAGIC.length + 2 + idLength + IV_BYTES;
  if (buffer.length < length) return null;
  const keyId = buffer.subarray(MAGIC.length + 2, MAGIC.length + 2 + idLength).toString('ascii');
  const key = keyring.byId.get(keyId);
  if (!key) throw new FileDecryptionError(`the file was encrypted with key "${keyId}", which is not in FILE_ENCRYPTION_KEYS`);
  const iv = buffer.subarray(length - IV_BYTES, length);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(buffer.subarray(0, length));
  return { decipher, length };
}
