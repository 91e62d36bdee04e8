import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { bigBlankPng, filesIn, HEADER_ONLY_JPEG, HEADER_ONLY_PDF, HEADER_ONLY_PNG, jpegWithGps, pdf, pdfWithCompressed, png, tempStore } from '../../test/documents';
import { registerErrorHandling } from '../http/error-handler';
import { FILE_SIZE_LIMIT, readMultipart, registerMultipart } from '../http/multipart';
import { registerSecurityHeaders } from '../http/security';
import { form } from '../../test/multipart';
import { newFileKey } from '../storage';
import type { LocalFileStore } from '../storage/local-store';
import { acceptDocuments } from './accept-document';
import { sendStoredDocument } from './send-document';

/** A PDF whose object stream (ASCIIHexDecode) holds `content`. */
function pdfWithHexObjectStream(content: string): Buffer {
  const data = `${Buffer.from(content, 'latin1').toString('hex')}>`;
  return pdf({ extra: `4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj` });
}

/** QUALITY "Uploads", end to end over HTTP: multipart streaming, the document gate, the download. */

const UNSUPPORTED = 'Unsupported file type. Please upload a PDF, JPEG, or PNG.';
let store: LocalFileStore;
let app: FastifyInstance;
/** Documents the download route may send, by the name in its URL. */
const downloads = new Map<string, { key: string; filename: string; contentType: string }>();

beforeAll(async () => {
  store = await tempStore();
  app = Fastify({ logger: false });
  registerErrorHandling(app);
  // The site-wide headers, so the download's own CSP is seen to replace the site's.
  registerSecurityHeaders(app, { isProduction: false } as Config);
  await registerMultipart(app);
  app.post('/upload', async (request) => {
    const { files } = await readMultipart(request, { files: ['front', 'back'], store, kind: 'identity' });
    return acceptDocuments(store, Object.values(files));
  });
  app.get<{ Params: { name: string } }>('/documents/:name', async (request, reply) => {
    const document = downloads.get(request.params.name) ?? { key: newFileKey('identity'), filename: 'missing.pdf', contentType: 'application/pdf' };
    return sendStoredDocument(reply, store, document);
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(store.root, { recursive: true, force: true });
});

const upload = (filename: string, content: Buffer, name = 'front') => app.inject({ method: 'POST', url: '/upload', ...form([{ name, filename, content }]) });

describe('upload matrix', () => {
  it('accepts a PDF of exactly 8,388,608 bytes', async () => {
    const bytes = pdf({ padding: FILE_SIZE_LIMIT });
    expect(bytes.length).toBe(8_388_608);
    const res = await upload('statement.pdf', bytes);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ field: 'front', type: 'pdf', contentType: 'application/pdf', size: 8_388_608 })]);
    await store.delete(res.json()[0].key);
  });

  it('refuses 8,388,609 bytes with 413 while streaming, leaving no file, not even a temporary one', async () => {
    const before = await filesIn(store);
    const res = await upload('statement.pdf', pdf({ padding: FILE_SIZE_LIMIT + 1 }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'File too large. Please upload a file less than 8Mb', code: 'PAYLOAD_TOO_LARGE' });
    expect(await filesIn(store)).toEqual(before);
  });

  const refused: [string, string, () => Buffer | Promise<Buffer>][] = [
    ['an SVG', 'logo.svg', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['HTML', 'page.html', () => Buffer.from('<!doctype html><script>alert(document.cookie)</script>')],
    ['a PNG named .png.html', 'passport.png.html', () => png()],
    ['a PNG named .pdf.png', 'scan.pdf.png', () => png()],
    ['a PNG with no extension', 'passport', () => png()],
    ['a PNG with a script appended', 'passport.png', async () => Buffer.concat([await png(), Buffer.from('<script>alert(1)</script>')])],
    ['a PDF with JavaScript', 'statement.pdf', () => pdf({ catalog: '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>' })],
    ['a PDF with an escaped JavaScript name', 'statement.pdf', () => pdf({ catalog: '/OpenAction << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>' })],
    ['a PDF with JavaScript in a Flate stream', 'statement.pdf', () => pdfWithCompressed('5 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>')],
    ['a PDF with JavaScript in an ASCIIHex object stream', 'statement.pdf', () => pdfWithHexObjectStream('5 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>')],
    ['a PDF that opens a web address', 'statement.pdf', () => pdf({ catalog: '/OpenAction << /S /URI /URI (https://attacker.example/) >>' })],
    ['a header-only PNG', 'front.png', () => HEADER_ONLY_PNG],
    ['a header-only JPEG', 'front.jpg', () => HEADER_ONLY_JPEG],
    ['a header-only PDF', 'front.pdf', () => HEADER_ONLY_PDF],
    ['an image above the pixel cap', 'front.png', () => bigBlankPng(10_000, 5_001)],
  ];
  it.each(refused)('refuses %s with 400 on the field and keeps nothing', async (_name, filename, content) => {
    const before = await filesIn(store);
    const res = await upload(filename, await content(), 'back');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UNSUPPORTED, code: 'VALIDATION_FAILED', errors: { back: UNSUPPORTED } });
    expect(await filesIn(store)).toEqual(before);
  });

  it('deletes the good file of a request when the other is refused', async () => {
    const before = await filesIn(store);
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      ...form([
        { name: 'front', filename: 'front.png', content: await png() },
        { name: 'back', filename: 'back.svg', content: Buffer.from('<svg/>') },
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ back: UNSUPPORTED });
    expect(await filesIn(store)).toEqual(before);
  });

  it('stores a JPEG with EXIF GPS re-encoded, upright and without metadata, and sends it back as such', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload('passport.jpg', original);
    expect(res.statusCode).toBe(200);
    const [accepted] = res.json();
    expect(accepted).toMatchObject({ type: 'jpeg', contentType: 'image/jpeg' });
    downloads.set('passport', { key: accepted.key, filename: 'passport.jpg', contentType: accepted.contentType });
    const download = await app.inject({ method: 'GET', url: '/documents/passport' });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(accepted.size);
    const metadata = await sharp(download.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    // Stored again as an identity document: encrypted at rest, so the file on disk is no JPEG.
    expect(await store.head(accepted.key)).toMatchObject({ kind: 'identity', encrypted: true });
    const raw = await readFile(path.join(store.root, accepted.key));
    expect(raw.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex'))).toBe(false);
  });
});

describe('sendStoredDocument', () => {
  it('sends a document only as a sandboxed, uncached download, whatever its name', async () => {
    const key = newFileKey('identity');
    const bytes = pdf();
    await store.put(key, Readable.from([bytes]), { contentType: 'application/pdf', kind: 'identity' });
    const hostile = 'bank "statement"\r\nSet-Cookie: session=stolen; \u00e9t\u00e9 \u{1F3E0}/..\\x.pdf';
    downloads.set('hostile', { key, filename: hostile, contentType: 'application/pdf' });
    const res = await app.inject({ method: 'GET', url: '/documents/hostile' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/^sandbox(;|$)/);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''[A-Za-z0-9%!'()*._~-]+$/);
    expect(disposition).not.toMatch(/[\r\n]/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!;
    const name = decodeURIComponent(encoded);
    expect(name).toBe('bank "statement"Set-Cookie: session=stolen; \u00e9t\u00e9 \u{1F3E0}..x.pdf');
    expect(/filename="([^"]*)"/.exec(disposition)![1]).toBe('bank _statement_Set-Cookie: session=stolen_ _t_ __..x.pdf');
  });

  it('answers 404 for a missing document', async () => {
    const res = await app.inject({ method: 'GET', url: '/documents/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This document was not found.', code: 'NOT_FOUND' });
  });
});
