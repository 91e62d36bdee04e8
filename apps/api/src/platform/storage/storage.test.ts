import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../../config-storage';
import { closeBackends, KEY_1, KEY_2, localBackend, MARKER, s3Backend, tempFolder, type Backend } from '../../test/storage-backends';
import { newFileKey, type FileStore } from './file-store';
import { LocalFileStore } from './local-store';
import { S3FileStore } from './s3-store';
import { createFileStore } from '.';

afterAll(closeBackends);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(stream, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) chunks.push(chunk);
  });
  return Buffer.concat(chunks);
}

/** `total` random-looking bytes in 64 KiB chunks, generated as they are read. */
function generated(total: number, seed: Buffer): { stream: Readable; digest: Promise<string> } {
  const hash = createHash('sha256');
  let resolve!: (d: string) => void;
  const digest = new Promise<string>((r) => (resolve = r));
  async function* chunks() {
    let sent = 0;
    let block = seed;
    while (sent < total) {
      block = createHash('sha512').update(block).digest();
      const chunk = Buffer.alloc(Math.min(65_536, total - sent), block);
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
    resolve(hash.digest('hex'));
  }
  return { stream: Readable.from(chunks()), digest };
}

/** A source that sends `bytes` in 1 MiB chunks, waits for `ready`, then fails as an interrupted upload would. */
function failing(bytes: number, ready: () => boolean = () => true): Readable {
  async function* chunks() {
    for (let sent = 0; sent < bytes; sent += 1_048_576) yield Buffer.alloc(Math.min(1_048_576, bytes - sent), 1);
    for (let waited = 0; !ready() && waited < 10_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    throw new Error('connection reset by the client');
  }
  return Readable.from(chunks());
}

describe.each([
  ['local folder', localBackend],
  ['S3-compatible server', s3Backend],
])('file storage on a %s', (_name, makeBackend) => {
  let backend: Backend;
  let store: FileStore;
  beforeAll(async () => {
    backend = await makeBackend();
    store = backend.store([KEY_1]);
  });

  it('puts, heads, gets and deletes an object', async () => {
    const key = newFileKey('document');
    const content = Buffer.from('%PDF-1.7 a statement');
    expect(await store.put(key, Readable.from([content]), { contentType: 'application/pdf', kind: 'document' })).toEqual({ size: content.length, sha256: sha256(content) });
    expect(await store.head(key)).toEqual({ key, kind: 'document', contentType: 'application/pdf', size: content.length, encrypted: false });
    const got = await store.get(key);
    expect(got).toMatchObject({ key, kind: 'document', contentType: 'application/pdf', size: content.length, encrypted: false });
    expect(await readAll(got!.body)).toEqual(content);
    // Not a sensitive kind: kept as given.
    expect(await backend.readRaw(key)).toEqual(content);
    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    expect(await store.get(key)).toBeNull();
  });

  it('answers null for a missing key and deletes one quietly', async () => {
    const key = newFileKey('document');
    expect(await store.head(key)).toBeNull();
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('refuses keys it did not make', async () => {
    for (const key of ['../../etc/passwd', 'identity/../../x', '/identity/abcdefghijklmnop', 'identity/short', 'Identity/abcdefghijklmnopqrst']) {
      await expect(store.head(key)).rejects.toThrow(/invalid file key/);
      await expect(store.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain', kind: 'document' })).rejects.toThrow(/invalid file key/);
    }
  });

  it('replaces an object on a second put', async () => {
    const key = newFileKey('document');
    await store.put(key, Readable.from([Buffer.from('first version')]), { contentType: 'text/plain', kind: 'document' });
    await store.put(key, Readable.from([Buffer.from('second')]), { contentType: 'image/png', kind: 'document' });
    expect(await store.head(key)).toMatchObject({ size: 6, contentType: 'image/png' });
    expect((await readAll((await store.get(key))!.body)).toString()).toBe('second');
  });

  it('streams a 9 MB object in and out', async () => {
    const key = newFileKey('document');
    const size = 9 * 1024 * 1024;
    const source = generated(size, Buffer.from('large'));
    const put = await store.put(key, source.stream, { contentType: 'application/pdf', kind: 'document' });
    expect(put).toEqual({ size, sha256: await source.digest });
    const got = await store.get(key);
    expect(got?.size).toBe(size);
    expect(sha256(await readAll(got!.body))).toBe(put.sha256);
  });

  it('keeps nothing of a put whose source fails, small or past one upload part', async () => {
    const before = await backend.list();
    const commands = backend.commands ?? [];
    const start = commands.length;
    // On S3 the large one fails only once a part has been uploaded, so there is an upload to abort.
    const partSent = () => !backend.commands || commands.slice(start).includes('UploadPartCommand');
    for (const [bytes, ready] of [
      [1_000, undefined],
      [11 * 1024 * 1024, partSent],
    ] as const) {
      const key = newFileKey('identity');
      await expect(store.put(key, failing(bytes, ready), { contentType: 'image/jpeg', kind: 'identity' })).rejects.toThrow(/connection reset/);
      expect(await store.head(key)).toBeNull();
    }
    expect(await backend.list()).toEqual(before);
    if (backend.commands) {
      expect(commands.slice(start)).toContain('UploadPartCommand');
      expect(commands.slice(start)).toContain('AbortMultipartUploadCommand');
    }
  });

  it('encrypts an identity-kind object: unreadable as stored, read back as given', async () => {
    const key = newFileKey('identity');
    const content = Buffer.from(`passport scan ${MARKER} `.repeat(2_000));
    const put = await store.put(key, Readable.from([content]), { contentType: 'image/jpeg', kind: 'identity' });
    expect(put).toEqual({ size: content.length, sha256: sha256(content) });
    const stored = await backend.readRaw(key);
    expect(stored.includes(MARKER)).toBe(false);
    expect(stored.includes('passport scan')).toBe(false);
    expect(stored.subarray(0, 4).toString()).toBe('LUFE');
    expect(await store.head(key)).toEqual({ key, kind: 'identity', contentType: 'image/jpeg', size: content.length, encrypted: true });
    expect(await readAll((await store.get(key))!.body)).toEqual(content);
  });

  it('encrypts a large identity object in a stream', async () => {
    const key = newFileKey('identity');
    const size = 9 * 1024 * 1024 + 7;
    const source = generated(size, Buffer.from('identity'));
    await store.put(key, source.stream, { contentType: 'application/pdf', kind: 'identity' });
    expect((await store.head(key))?.size).toBe(size);
    expect(sha256(await readAll((await store.get(key))!.body))).toBe(await source.digest);
  });

  it('refuses to read a tampered encrypted object', async () => {
    const key = newFileKey('identity');
    await store.put(key, Readable.from([Buffer.from(`front of the card ${MARKER}`)]), { contentType: 'image/png', kind: 'identity' });
    const stored = await backend.readRaw(key);
    const flipped = Buffer.from(stored);
    flipped[40] = flipped[40]! ^ 0x01;
    await backend.writeRaw(key, flipped);
    await expect(readAll((await store.get(key))!.body)).rejects.toThrow(/altered or the key is wrong/);
    // A cut-off object fails too.
    await backend.writeRaw(key, stored.subarray(0, stored.length - 5));
    await expect(readAll((await store.get(key))!.body)).rejects.toThrow(/altered or the key is wrong|incomplete/);
  });

  it('rotates keys: new objects use the first key, older ones still read with the old key listed', async () => {
    const oldKey = newFileKey('identity');
    await store.put(oldKey, Readable.from([Buffer.from(`old ${MARKER}`)]), { contentType: 'image/png', kind: 'identity' });
    const rotated = backend.store([KEY_2, KEY_1]);
    expect((await readAll((await rotated.get(oldKey))!.body)).toString()).toBe(`old ${MARKER}`);
    const newKey = newFileKey('identity');
    await rotated.put(newKey, Readable.from([Buffer.from(`new ${MARKER}`)]), { contentType: 'image/png', kind: 'identity' });
    expect((await backend.readRaw(newKey)).subarray(6, 8).toString()).toBe('k2');
    // Once the old key is dropped, its objects no longer read: re-encrypt them before dropping it.
    const onlyNew = backend.store([KEY_2]);
    expect((await readAll((await onlyNew.get(newKey))!.body)).toString()).toBe(`new ${MARKER}`);
    await expect(onlyNew.get(oldKey)).rejects.toThrow(/encrypted with key "k1", which is not in FILE_ENCRYPTION_KEYS/);
  });
});

describe('choosing the store', () => {
  it('keeps files under DATA_DIR/files, with a development key made once when no key is set', async () => {
    const dataDir = await tempFolder();
    const warnings: string[] = [];
    const store = createFileStore({ dataDir, storage: { s3: null, encryptionKeys: null } }, (m) => warnings.push(m));
    expect(store).toBeInstanceOf(LocalFileStore);
    expect((store as LocalFileStore).root).toBe(path.join(dataDir, 'files'));
    expect(warnings).toEqual([expect.stringContaining('FILE_ENCRYPTION_KEYS is not set')]);
    const key = newFileKey('identity');
    await store.put(key, Readable.from([Buffer.from(MARKER)]), { contentType: 'image/png', kind: 'identity' });
    expect((await readFile(path.join(dataDir, 'files', key))).includes(MARKER)).toBe(false);
    // A later start reads it with the same development key.
    const again = createFileStore({ dataDir, storage: { s3: null, encryptionKeys: null } });
    expect((await readAll((await again.get(key))!.body)).toString()).toBe(MARKER);
  });

  it('uses the bucket when S3 is configured', () => {
    const s3: S3Settings = { endpoint: null, region: 'auto', bucket: 'files', accessKeyId: 'id', secretAccessKey: 'secret-key', forcePathStyle: false };
    const store = createFileStore({ dataDir: '/nonexistent', storage: { s3, encryptionKeys: [KEY_1] } }, () => expect.unreachable());
    expect(store).toBeInstanceOf(S3FileStore);
  });
});
