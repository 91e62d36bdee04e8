import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFileKey } from '../storage';
import type { LocalFileStore } from '../storage/local-store';
import type { UploadedFile } from '../http/multipart';
import { AppError } from '../http/app-error';
import { bigBlankPng, filesIn, HEADER_ONLY_JPEG, HEADER_ONLY_PDF, HEADER_ONLY_PNG, jpegWithGps, pdf, pdfWithCompressed, png, tempStore } from '../../test/documents';
import { acceptDocument, acceptDocuments } from './accept-document';
import { jpegEnd, MAX_IMAGE_PIXELS, pngEnd } from './image-check';

const UNSUPPORTED = 'Unsupported file type. Please upload a PDF, JPEG, or PNG.';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let store: LocalFileStore;
beforeAll(async () => {
  store = await tempStore();
});
afterAll(() => rm(store.root, { recursive: true, force: true }));

/** Stores `bytes` as readMultipart would, under a new key of `kind`. */
async function uploaded(filename: string, bytes: Buffer, kind = 'identity', field = 'front'): Promise<UploadedFile> {
  const key = newFileKey(kind);
  const stored = await store.put(key, Readable.from([bytes]), { contentType: 'application/octet-stream', kind });
  return { field, key, filename, contentType: 'application/octet-stream', ...stored };
}

async function read(key: string): Promise<Buffer> {
  const stored = await store.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The file is refused with the SPEC message on its field, and deleted. */
async function expectRefused(file: UploadedFile): Promise<void> {
  const error = await acceptDocument(store, file).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).toBody()).toEqual({ message: UNSUPPORTED, code: 'VALIDATION_FAILED', errors: { [file.field]: UNSUPPORTED } });
  expect(await store.head(file.key)).toBeNull();
}

describe('acceptDocument: images', () => {
  it('re-encodes a JPEG upright and without any metadata, under the same key and kind', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before).toMatchObject({ width: 40, height: 20, orientation: 6 });
    expect(before.exif).toBeDefined();
    expect(before.icc).toBeDefined();
    const file = await uploaded('passport.JPG', original);
    const accepted = await acceptDocument(store, file);
    const bytes = await read(file.key);
    expect(accepted).toEqual({ field: 'front', key: file.key, filename: 'passport.JPG', type: 'jpeg', contentType: 'image/jpeg', size: bytes.length, sha256: sha256(bytes) });
    expect(accepted.sha256).not.toBe(file.sha256);
    const after = await sharp(bytes).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(bytes.includes('Phone maker')).toBe(false);
    expect(await store.head(file.key)).toMatchObject({ kind: 'identity', contentType: 'image/jpeg', encrypted: true, size: bytes.length });
  });

  it('re-encodes a PNG and keeps an unencrypted kind unencrypted', async () => {
    const file = await uploaded('statement.png', await png(), 'bank');
    const accepted = await acceptDocument(store, file);
    expect(accepted).toMatchObject({ type: 'png', contentType: 'image/png' });
    expect(await sharp(await read(file.key)).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
    expect(await store.head(file.key)).toMatchObject({ kind: 'bank', contentType: 'image/png', encrypted: false });
  });

  it('refuses data after the end of a PNG or a JPEG', async () => {
    const script = Buffer.from('<script>alert(document.cookie)</script>');
    await expectRefused(await uploaded('scan.png', Buffer.concat([await png(), script])));
    await expectRefused(await uploaded('scan.jpg', Buffer.concat([await jpegWithGps(), script])));
  });

  it('finds the real end of a JPEG past an end marker inside a segment, and strips comments', async () => {
    const jpeg = await jpegWithGps();
    // A comment segment holding a whole embedded image's markers (as an EXIF thumbnail does).
    const payload = Buffer.concat([Buffer.from('thumbnail '), Buffer.from('ffd8ffd9', 'hex'), Buffer.from(' secret comment')]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(payload.length + 2);
    const commented = Buffer.concat([jpeg.subarray(0, 2), Buffer.from('fffe', 'hex'), length, payload, jpeg.subarray(2)]);
    expect(jpegEnd(commented)).toBe(commented.length);
    expect(commented.includes('secret comment')).toBe(true);
    const file = await uploaded('front.jpg', commented);
    await acceptDocument(store, file);
    const bytes = await read(file.key);
    expect((await sharp(bytes).metadata()).comments).toBeUndefined();
    expect(bytes.includes('secret comment')).toBe(false);
    const p = await png();
    expect(pngEnd(p)).toBe(p.length);
  });

  it('refuses header-only and cut-off images', async () => {
    await expectRefused(await uploaded('front.png', HEADER_ONLY_PNG));
    await expectRefused(await uploaded('front.jpg', HEADER_ONLY_JPEG));
    const full = await png();
    await expectRefused(await uploaded('front.png', full.subarray(0, full.length - 20)));
    const jpeg = await jpegWithGps();
    await expectRefused(await uploaded('front.jpeg', jpeg.subarray(0, jpeg.length - 10)));
  });

  it(`refuses an image above ${MAX_IMAGE_PIXELS} pixels before decoding it`, async () => {
    const huge = bigBlankPng(10_000, 5_001);
    expect(huge.length).toBeLessThan(20_000);
    // A well-formed image, refused only for its pixel count.
    expect(pngEnd(huge)).toBe(huge.length);
    expect(await sharp(huge, { limitInputPixels: false }).metadata()).toMatchObject({ width: 10_000, height: 5_001 });
    await expectRefused(await uploaded('front.png', huge));
  });
});

describe('acceptDocument: PDFs', () => {
  it('accepts a plain PDF as it is', async () => {
    const bytes = pdf();
    const file = await uploaded('statement.pdf', bytes);
    expect(await acceptDocument(store, file)).toEqual({
      field: 'front',
      key: file.key,
      filename: 'statement.pdf',
      type: 'pdf',
      contentType: 'application/pdf',
      size: bytes.length,
      sha256: sha256(bytes),
    });
    expect((await read(file.key)).equals(bytes)).toBe(true);
  });

  it('accepts ordinary actions and compressed content', async () => {
    await acceptDocument(store, await uploaded('a.pdf', pdf({ catalog: '/OpenAction [3 0 R /Fit] /URI << /Base (https://example.com/) >>' })));
    await acceptDocument(store, await uploaded('b.pdf', pdfWithCompressed('5 0 << /Type /Annot /Subtype /Link /A << /S /GoTo /D [3 0 R /Fit] >> >>')));
    await acceptDocument(store, await uploaded('c.pdf', pdf({ extra: '4 0 obj << /Length 12 /Filter /DCTDecode >>\nstream\nnot zlib data\nendstream\nendobj' })));
  });

  it.each([
    ['JavaScript in an open action', pdf({ catalog: '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>' })],
    ['a JS key alone', pdf({ extra: '4 0 obj << /JS 5 0 R >> endobj' })],
    ['an escaped name', pdf({ catalog: '/OpenAction << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>' })],
    ['an escaped JS key', pdf({ extra: '4 0 obj << /#4a#53 5 0 R >> endobj' })],
    ['JavaScript inside a compressed object stream', pdfWithCompressed('5 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>')],
    ['an escaped name inside a compressed stream', pdfWithCompressed('5 0 << /S /Ja#76aScript >>')],
    ['a launch action on a page', pdf({ extra: '4 0 obj << /AA << /O << /S /Launch /F (cmd.exe) >> >> >> endobj' })],
    ['an attached file', pdf({ catalog: '/Names << /EmbeddedFiles 4 0 R >>', extra: '4 0 obj << /Type /EmbeddedFile /Length 0 >>\nstream\n\nendstream\nendobj' })],
    ['embedded media', pdf({ extra: '4 0 obj << /Subtype /RichMedia >> endobj' })],
    ['a form that sends data', pdf({ extra: '4 0 obj << /S /SubmitForm /F (https://example.com) >> endobj' })],
    ['a form that imports data', pdf({ extra: '4 0 obj << /S /ImportData >> endobj' })],
    ['an XFA form', pdf({ catalog: '/AcroForm << /XFA 4 0 R >>' })],
    ['encryption, which hides the streams', pdf({ extra: '4 0 obj << /Filter /Standard /V 2 >> endobj\ntrailer << /Encrypt 4 0 R >>' })],
  ])('refuses a PDF with %s', async (_name, bytes) => {
    await expectRefused(await uploaded('statement.pdf', bytes));
  });

  it('refuses a header-only, cut-off or object-less PDF', async () => {
    await expectRefused(await uploaded('a.pdf', HEADER_ONLY_PDF));
    const full = pdf();
    await expectRefused(await uploaded('b.pdf', full.subarray(0, full.length - 10)));
    await expectRefused(await uploaded('c.pdf', Buffer.from('%PDF-1.7\nnothing here\n%%EOF\n')));
    // %%EOF followed by more than the readers' 1,024-byte tolerance.
    await expectRefused(await uploaded('d.pdf', Buffer.concat([full, Buffer.alloc(2_000, ' ')])));
  });

  it('refuses a PDF whose streams inflate past the budget', async () => {
    const { deflateSync } = await import('node:zlib');
    const bomb = deflateSync(Buffer.alloc(65 * 1024 * 1024));
    const bytes = pdf({ extra: `4 0 obj << /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n${bomb.toString('latin1')}\nendstream\nendobj` });
    await expectRefused(await uploaded('bomb.pdf', bytes));
  });
});

describe('acceptDocument: names and types', () => {
  it.each([
    ['an SVG', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['HTML', 'page.html', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s', async (_name, filename, bytes) => {
    await expectRefused(await uploaded(filename, bytes));
  });

  it('refuses a name that does not agree with the content or has no single extension', async () => {
    const image = await png();
    await expectRefused(await uploaded('passport.png.html', image));
    await expectRefused(await uploaded('scan.pdf.png', image));
    await expectRefused(await uploaded('passport', image));
    await expectRefused(await uploaded('passport.jpg', image));
    await expectRefused(await uploaded('statement.pdf', image));
    await expectRefused(await uploaded('.png', image));
  });
});

describe('acceptDocuments', () => {
  it('accepts every file of a request', async () => {
    const files = [await uploaded('front.png', await png(), 'identity', 'front'), await uploaded('back.pdf', pdf(), 'identity', 'back')];
    expect((await acceptDocuments(store, files)).map((d) => [d.field, d.type])).toEqual([
      ['front', 'png'],
      ['back', 'pdf'],
    ]);
  });

  it('deletes every file of the request when one is refused', async () => {
    const before = await filesIn(store);
    const files = [
      await uploaded('front.png', await png(), 'identity', 'front'),
      await uploaded('back.pdf', pdf({ catalog: '/OpenAction << /S /JavaScript >>' }), 'identity', 'back'),
      await uploaded('selfie.jpg', await jpegWithGps(), 'identity', 'selfie'),
    ];
    const error = await acceptDocuments(store, files).catch((e: unknown) => e);
    expect((error as AppError).toBody()).toEqual({ message: UNSUPPORTED, code: 'VALIDATION_FAILED', errors: { back: UNSUPPORTED } });
    for (const file of files) expect(await store.head(file.key)).toBeNull();
    expect(await filesIn(store)).toEqual(before);
  });
});
