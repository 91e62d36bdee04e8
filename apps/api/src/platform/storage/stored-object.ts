import { Readable, pipeline } from 'node:stream';
import { decryptingStream, encryptionHeaderOf, encryptionOverhead, FileDecryptionError, MAX_HEADER_BYTES, type KeySource } from './encryption';
import { isSensitiveKind } from './file-store';

/**
 * How a store opens an object it keeps (decision 0035): the object's own first bytes say whether
 * it is encrypted (the "LUFE" header written with the ciphertext); the metadata (kind, encrypted
 * flag, key id) is only a hint, and where the two disagree the read is an error before any byte
 * is given out:
 * - a header: decrypted with the key it names (a key not configured is an error), whatever the
 *   metadata says, so a copy that lost its metadata still reads as what it is;
 * - no header but metadata saying encrypted, or a sensitive kind: an error (never served as is);
 * - neither: the bytes as stored.
 */
export interface OpenedObject {
  body: Readable;
  encrypted: boolean;
  /** For an encrypted object: the bytes it holds beyond its content. */
  overhead: number;
}

export async function openStoredObject(raw: Readable, hint: { encrypted: boolean; kind: string }, keys: KeySource): Promise<OpenedObject> {
  const { prefix, rest } = await readPrefix(raw, MAX_HEADER_BYTES);
  let header;
  try {
    header = encryptionHeaderOf(prefix);
  } catch (error) {
    rest.destroy();
    throw error;
  }
  if (!header) {
    if (hint.encrypted || isSensitiveKind(hint.kind)) {
      rest.destroy();
      throw new FileDecryptionError('the file is recorded as encrypted but has no encryption header');
    }
    return { body: rest, encrypted: false, overhead: 0 };
  }
  let keyring;
  try {
    keyring = await keys();
  } catch (error) {
    rest.destroy();
    throw error;
  }
  if (!keyring.byId.has(header.keyId)) {
    rest.destroy();
    throw new FileDecryptionError(`the file was encrypted with key "${header.keyId}", which is not in FILE_ENCRYPTION_KEYS`);
  }
  return { body: pipeline(rest, decryptingStream(keyring), () => undefined), encrypted: true, overhead: encryptionOverhead(header.keyId) };
}

/**
 * The first `length` bytes of `raw` (fewer when it is shorter) and a stream of the whole content,
 * those bytes included. Destroying the returned stream destroys `raw`.
 */
async function readPrefix(raw: Readable, length: number): Promise<{ prefix: Buffer; rest: Readable }> {
  const iterator = raw[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  try {
    while (size < length) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      chunks.push(next.value);
      size += next.value.length;
    }
  } catch (error) {
    raw.destroy();
    throw error;
  }
  const read = Buffer.concat(chunks);
  async function* all(): AsyncGenerator<Buffer> {
    try {
      if (read.length) yield read;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      if (!done) await iterator.return?.();
    }
  }
  return { prefix: read.subarray(0, length), rest: Readable.from(all(), { objectMode: false }) };
}
