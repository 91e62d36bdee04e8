import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { pipeline, Transform } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { form, storedFiles, type Part } from '../../test/multipart';
import type { FileStore } from '../storage';
import { FILE_SIZE_LIMIT, MULTIPART_MESSAGES, readMultipart } from './multipart';

const file = (name: string, content: Buffer | string, type = 'application/pdf'): Part => ({ name, filename: `${name}.pdf`, type, content });
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** What each put into the store read from its source, and whether the store kept it. */
const puts: { bytes: number; kept: boolean }[] = [];

/** The app's store, watched: counts what each put reads and whether it completes. */
function watched(store: FileStore): FileStore {
  return {
    get: (key) => store.get(key),
    head: (key) => store.head(key),
    delete: (key) => store.delete(key),
    check: (signal) => store.check(signal),
    put: async (key, body, options) => {
      const put = { bytes: 0, kept: false };
      puts.push(put);
      const counter = new Transform({
        transform: (chunk: Buffer, _encoding, callback) => {
          put.bytes += chunk.length;
          callback(null, chunk);
        },
      });
      const result = await store.put(
        key,
        pipeline(body, counter, () => undefined),
        options,
      );
      put.kept = true;
      return result;
    },
  };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, (app) => {
    app.post('/api/test/upload', async (request) => {
      const result = await readMultipart(request, { files: ['front', 'back'], fields: ['note'], store: watched(app.ctx.storage), kind: 'identity' });
      return result;
    });
  });
});
afterAll(() => ctx.close());

const upload = (parts: Part[]) => ctx.app.inject({ method: 'POST', url: '/api/test/upload', ...form(parts) });

async function read(key: string): Promise<Buffer> {
  const stored = await ctx.app.ctx.storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('multipart uploads', () => {
  it('accepts a file of exactly 8,388,608 bytes and stores it', async () => {
    const content = Buffer.alloc(FILE_SIZE_LIMIT, 'a');
    const res = await upload([file('front', content)]);
    expect(res.statusCode).toBe(200);
    const front = res.json().files.front;
    expect(front).toMatchObject({ field: 'front', filename: 'front.pdf', contentType: 'application/pdf', size: 8_388_608, sha256: sha256(content) });
    expect(front.key).toMatch(/^identity\/[A-Za-z0-9_-]{22}$/);
    expect((await read(front.key)).equals(content)).toBe(true);
    await ctx.app.ctx.storage.delete(front.key);
  });

  it('refuses 8,388,609 bytes with 413 and keeps nothing, not even the file stored before it', async () => {
    const before = await storedFiles(ctx);
    puts.length = 0;
    const res = await upload([file('front', 'a small first page'), file('back', Buffer.alloc(FILE_SIZE_LIMIT + 1, 'b'))]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'File too large. Please upload a file less than 8Mb', code: 'PAYLOAD_TOO_LARGE' });
    // Refused while streaming: the store never read past the limit and never kept the large file.
    expect(puts).toEqual([
      { bytes: 18, kept: true },
      { bytes: FILE_SIZE_LIMIT, kept: false },
    ]);
    expect(await storedFiles(ctx)).toEqual(before);
  });

  it('stores two files and reads the fields', async () => {
    const res = await upload([{ name: 'note', content: 'passport, both pages' }, file('front', 'front page', 'image/jpeg'), file('back', 'back page', 'image/png')]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fields).toEqual({ note: 'passport, both pages' });
    expect(Object.keys(body.files).sort()).toEqual(['back', 'front']);
    expect(body.files.front).toMatchObject({ contentType: 'image/jpeg', size: 10, sha256: sha256('front page') });
    expect(body.files.back).toMatchObject({ contentType: 'image/png', size: 9 });
    expect(body.files.front.key).not.toBe(body.files.back.key);
    expect((await read(body.files.back.key)).toString()).toBe('back page');
  });

  it('refuses a body that is not multipart', async () => {
    const json = await ctx.app.inject({ method: 'POST', url: '/api/test/upload', payload: { front: 'not a file' } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: MULTIPART_MESSAGES.notMultipart, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const noBoundary = await ctx.app.inject({ method: 'POST', url: '/api/test/upload', payload: 'x', headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual({ message: MULTIPART_MESSAGES.unreadable, code: 'BAD_REQUEST' });
  });

  it('refuses unexpected fields and too many files, deleting what it had stored', async () => {
    const before = await storedFiles(ctx);
    const unexpected = await upload([file('front', 'front page'), file('selfie', 'a face')]);
    expect(unexpected.statusCode).toBe(400);
    expect(unexpected.json()).toEqual({ message: 'Unexpected file field "selfie".', code: 'BAD_REQUEST' });
    const field = await upload([file('front', 'front page'), { name: 'userId', content: 'someone-else' }]);
    expect(field.statusCode).toBe(400);
    expect(field.json()).toEqual({ message: 'Unexpected field "userId".', code: 'BAD_REQUEST' });
    const tooMany = await upload([file('front', 'one'), file('back', 'two'), file('front', 'three')]);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ message: MULTIPART_MESSAGES.tooManyFiles, code: 'PAYLOAD_TOO_LARGE' });
    expect(await storedFiles(ctx)).toEqual(before);
  });

  it('refuses an oversized file sent over a real connection as it streams', async () => {
    const before = await storedFiles(ctx);
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { payload, headers } = form([file('front', Buffer.alloc(FILE_SIZE_LIMIT + 1, 'c'))]);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${address}/api/test/upload`, { method: 'POST', headers: { ...headers, 'content-length': String(payload.length) } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      // The server may answer and close before the whole body is sent.
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
      let offset = 0;
      const writeMore = () => {
        while (offset < payload.length) {
          const chunk = payload.subarray(offset, offset + 65_536);
          offset += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', writeMore);
        }
        req.end();
      };
      writeMore();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: MULTIPART_MESSAGES.tooLarge, code: 'PAYLOAD_TOO_LARGE' });
    expect(await storedFiles(ctx)).toEqual(before);
  });

  it('refuses a cut-off body', async () => {
    const before = await storedFiles(ctx);
    const { payload, headers } = form([file('front', 'front page')]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/upload', payload: payload.subarray(0, payload.length - 30), headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MULTIPART_MESSAGES.unreadable, code: 'BAD_REQUEST' });
    expect(await storedFiles(ctx)).toEqual(before);
  });
});
