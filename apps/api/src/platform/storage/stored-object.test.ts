import { createCipheriv, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBackends, KEY_1, KEY_2, localBackend, MARKER, s3Backend, type Backend } from '../../test/storage-backends';
import { registerErrorHandling } from '../http/error-handler';
import { sendStoredDocument } from '../files/send-document';
import { sendPublicImage } from '../files/send-image';
import { newFileKey, type FileStore } from './file-store';
import type { S3FileStore } from './s3-store';

/**
 * Decision 0035: a stored object says itself whether it is encrypted (its header); metadata is a
 * hint, and a disagreement is an error, never ciphertext given out as content.
 */

afterAll(closeBackends);

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(stream, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) chunks.push(chunk);
  });
  return Buffer.concat(chunks);
}

/** Replaces the object's metadata as a copy or restore that loses it would. */
type LoseMetadata = (key: string, bytes: Buffer, meta: { kind?: string; encrypted?: boolean }) => Promise<void>;

async function withMetadataControl(name: 'local' | 's3'): Promise<{ backend: Backend; rewrite: LoseMetadata }> {
  if (name === 'local') {
    const backend = await localBackend();
    const rewrite: LoseMetadata = async (key, bytes, meta) => {
      const file = path.join(backend.root!, key);
      await writeFile(file, bytes);
      const stored = JSON.parse(await readFile(`${file}.meta.json`, 'utf8')) as Record<string, unknown>;
      await writeFile(`${file}.meta.json`, JSON.stringify({ ...stored, kind: meta.kind ?? stored.kind, encrypted: meta.encrypted ?? false }));
    };
    return { backend, rewrite };
  }
  const backend = await s3Backend();
  const probe = backend.store([KEY_1]) as S3FileStore;
  const rewrite: LoseMetadata = async (key, bytes, meta) => {
    const metadata = { ...(meta.kind ? { kind: meta.kind } : {}), ...(meta.encrypted ? { 'key-id': KEY_1.id } : {}) };
    await probe.client.send(new PutObjectCommand({ Bucket: probe.bucket, Key: key, Body: bytes, ContentType: 'image/jpeg', Metadata: metadata }));
  };
  return { backend, rewrite };
}

describe.each(['local', 's3'] as const)('stored objects on %s say what they are', (name) => {
  let backend: Backend;
  let rewrite: LoseMetadata;
  let store: FileStore;
  beforeAll(async () => {
    ({ backend, rewrite } = await withMetadataControl(name));
    store = backend.store([KEY_1]);
  });

  const putIdentity = async (content: Buffer) => {
    const key = newFileKey('identity');
    await store.put(key, Readable.from([content]), { contentType: 'image/jpeg', kind: 'identity' });
    return key;
  };

  it('decrypts an identity document whose metadata was lost, by its own header', async () => {
    const content = Buffer.from(`passport ${MARKER}`);
    const key = await putIdentity(content);
    await rewrite(key, await backend.readRaw(key), { kind: name === 'local' ? 'document' : undefined, encrypted: false });
    const got = await store.get(key);
    expect(got).toMatchObject({ encrypted: true, size: content.length });
    expect(await readAll(got!.body)).toEqual(content);
  });

  it('refuses an object recorded as encrypted that has no encryption header', async () => {
    const key = await putIdentity(Buffer.from('anything'));
    await rewrite(key, Buffer.from('\xff\xd8\xff plain bytes where ciphertext should be', 'latin1'), { kind: 'identity', encrypted: true });
    await expect(store.get(key)).rejects.toThrow(/recorded as encrypted but has no encryption header/);
  });

  it('refuses an object of a sensitive kind stored without a header, whatever its flag says', async () => {
    const key = await putIdentity(Buffer.from('anything'));
    await rewrite(key, Buffer.from('plain identity bytes'), { kind: 'identity', encrypted: false });
    await expect(store.get(key)).rejects.toThrow(/no encryption header/);
  });

  it('refuses, before any byte, an encrypted object whose key is not configured, even without metadata', async () => {
    const key = await putIdentity(Buffer.from(`card ${MARKER}`));
    await rewrite(key, await backend.readRaw(key), { encrypted: false });
    await expect(backend.store([KEY_2]).get(key)).rejects.toThrow(/encrypted with key "k1", which is not in FILE_ENCRYPTION_KEYS/);
  });

  it('refuses a header with an unknown format version', async () => {
    const key = await putIdentity(Buffer.from(`card ${MARKER}`));
    const raw = Buffer.from(await backend.readRaw(key));
    raw[4] = 2;
    await rewrite(key, raw, { kind: 'identity', encrypted: true });
    await expect(store.get(key)).rejects.toThrow(/encryption format version 2 is unknown/);
  });

  it('still reads objects written before: the header format is unchanged (a hand-made v1 object)', async () => {
    const content = Buffer.from(`written last week ${MARKER}`);
    const iv = randomBytes(12);
    const header = Buffer.concat([Buffer.from('LUFE'), Buffer.from([1, KEY_1.id.length]), Buffer.from(KEY_1.id), iv]);
    const cipher = createCipheriv('aes-256-gcm', KEY_1.key, iv);
    cipher.setAAD(header);
    const stored = Buffer.concat([header, cipher.update(content), cipher.final(), cipher.getAuthTag()]);
    const key = await putIdentity(Buffer.from('placeholder'));
    await rewrite(key, stored, { kind: 'identity', encrypted: true });
    expect(await readAll((await store.get(key))!.body)).toEqual(content);
    // A plain document (no header, not sensitive) reads as it always did.
    const plain = newFileKey('document');
    await store.put(plain, Readable.from([Buffer.from('%PDF-1.7 statement')]), { contentType: 'application/pdf', kind: 'document' });
    expect(await store.get(plain)).toMatchObject({ encrypted: false });
    expect((await readAll((await store.get(plain))!.body)).toString()).toBe('%PDF-1.7 statement');
  });
});

describe('serving a stored identity image whose metadata was lost', () => {
  it('sends the picture, never its ciphertext; a mismatch is an error answer; a public image is refused', async () => {
    const { backend, rewrite } = await withMetadataControl('s3');
    const store = backend.store([KEY_1]);
    const jpeg = Buffer.from(`\xff\xd8\xff\xe0 a passport photo ${MARKER}`, 'latin1');
    const key = newFileKey('identity');
    await store.put(key, Readable.from([jpeg]), { contentType: 'image/jpeg', kind: 'identity' });
    await rewrite(key, await backend.readRaw(key), {});
    const broken = newFileKey('identity');
    await store.put(broken, Readable.from([jpeg]), { contentType: 'image/jpeg', kind: 'identity' });
    await rewrite(broken, Buffer.from('not a ciphertext'), { kind: 'identity', encrypted: true });

    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get<{ Params: { which: string } }>('/doc/:which', (request, reply) =>
      sendStoredDocument(reply, store, { key: request.params.which === 'copied' ? key : broken, filename: 'passport.jpg', contentType: 'image/jpeg' }),
    );
    app.get('/image', (request, reply) => sendPublicImage(request, reply, store, { key, contentType: 'image/jpeg', sha256: 'a'.repeat(64) }));
    const copied = await app.inject({ method: 'GET', url: '/doc/copied' });
    expect(copied.statusCode).toBe(200);
    expect(copied.rawPayload).toEqual(jpeg);
    const mismatch = await app.inject({ method: 'GET', url: '/doc/broken' });
    expect(mismatch.statusCode).toBe(500);
    expect(mismatch.json()).toEqual({ message: expect.any(String), code: 'INTERNAL' });
    expect((await app.inject({ method: 'GET', url: '/image' })).statusCode).toBe(404);
    await app.close();
  });
});
