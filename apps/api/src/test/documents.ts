import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { keyringOf } from '../platform/storage/encryption';
import { LocalFileStore } from '../platform/storage/local-store';

/** Upload fixtures made in code (no binary files in the repository) and a store in a temp folder. */

/** A local store in a new temporary folder with a random encryption key. */
export async function tempStore(): Promise<LocalFileStore> {
  const root = await mkdtemp(path.join(tmpdir(), 'lu-documents-test-'));
  const keyring = keyringOf([{ id: 'test', key: randomBytes(32) }]);
  return new LocalFileStore(root, () => Promise.resolve(keyring));
}

/** Every file under the store's folder, temporary and metadata files included. */
export async function filesIn(store: LocalFileStore): Promise<string[]> {
  const entries = await readdir(store.root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(store.root, path.join(e.parentPath, e.name)))
    .sort();
}

/** A one-page PDF; `extra` objects are added before the trailer, `padding` bytes as a comment. */
export function pdf(options: { extra?: string; padding?: number; catalog?: string } = {}): Buffer {
  const body = [
    '%PDF-1.7',
    '%\u00e2\u00e3\u00cf\u00d3',
    `1 0 obj << /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''}>> endobj`,
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    options.extra ?? '',
  ].join('\n');
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  const head = Buffer.from(`${body}\n`, 'latin1');
  if (!options.padding) return Buffer.concat([head, Buffer.from(tail, 'latin1')]);
  const fill = options.padding - head.length - tail.length - 2;
  return Buffer.concat([head, Buffer.from(`%${' '.repeat(fill)}\n`, 'latin1'), Buffer.from(tail, 'latin1')]);
}

/** A PDF whose object stream (FlateDecode) holds `content`, so it is seen only once inflated. */
export function pdfWithCompressed(content: string): Buffer {
  const data = deflateSync(Buffer.from(content, 'latin1'));
  const head = Buffer.from(`4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1');
  return pdf({ extra: Buffer.concat([head, data, Buffer.from('\nendstream\nendobj', 'latin1')]).toString('latin1') });
}

export function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();
}

/** A JPEG 40×20 stored sideways (EXIF orientation 6) with GPS, camera EXIF and a P3 ICC profile. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#b5651d' } })
    .jpeg()
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'Phone maker', Model: 'Phone model' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The 8-byte PNG signature and the IHDR chunk, nothing else. */
export const HEADER_ONLY_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000280000001e0802000000', 'hex');
export const HEADER_ONLY_JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
export const HEADER_ONLY_PDF = Buffer.from('%PDF-1.7\n', 'latin1');

/**
 * A valid, tiny (a few KB) 1-bit greyscale PNG of `width`×`height` pixels: its size on disk says
 * nothing about the memory decoding it would take.
 */
export function bigBlankPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filter, no interlace
  const row = Math.ceil(width / 8) + 1;
  const idat = deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
