import { constants, inflateSync } from 'node:zlib';

/**
 * The PDF stream filters that can carry PDF objects (PDF 32000-1 §7.4), decoded so the upload check
 * sees what a reader would. The image-only filters (DCTDecode, JPXDecode, CCITTFaxDecode,
 * JBIG2Decode) decode to pixels, never to objects, so they are not decoded: a chain may end with
 * one of them, and a stream that is an object stream or an XRef stream may not use them at all
 * (decision 0035). Any other filter (Crypt, unknown names) cannot be decoded and is refused.
 */

/** The decoders, by full name and the abbreviation inline images use. */
const DECODERS: Record<string, (data: Buffer, budget: number) => Buffer> = {
  FlateDecode: inflate,
  Fl: inflate,
  ASCIIHexDecode: asciiHex,
  AHx: asciiHex,
  ASCII85Decode: ascii85,
  A85: ascii85,
  LZWDecode: lzw,
  LZW: lzw,
  RunLengthDecode: runLength,
  RL: runLength,
};

export const IMAGE_ONLY_FILTERS: ReadonlySet<string> = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'CCITTFaxDecode', 'CCF', 'JBIG2Decode']);

/** Why a stream could not be decoded: the file is then refused. */
export class PdfFilterError extends Error {
  constructor(
    message: string,
    /** The decoded output would pass the budget. */
    readonly overBudget = false,
  ) {
    super(message);
    this.name = 'PdfFilterError';
  }
}

export function isDecodableFilter(name: string): boolean {
  return name in DECODERS;
}

/**
 * Applies `filters` in order until the chain ends or reaches an image-only filter (whose input is
 * returned). Throws PdfFilterError on an unknown filter, malformed data or output past `budget`.
 */
export function decodeStream(data: Buffer, filters: readonly string[], budget: number): { bytes: Buffer; complete: boolean } {
  let bytes = data;
  for (const filter of filters) {
    if (IMAGE_ONLY_FILTERS.has(filter)) return { bytes, complete: false };
    const decode = DECODERS[filter];
    if (!decode) throw new PdfFilterError(`the filter ${filter} is not one the check can decode`);
    bytes = decode(bytes, budget);
    if (bytes.length > budget) throw new PdfFilterError('decoded content past the budget', true);
  }
  return { bytes, complete: true };
}

function inflate(data: Buffer, budget: number): Buffer {
  try {
    // Sync flush: a stream cut short still yields what it holds (readers show it too).
    return inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: Math.max(1, budget) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new PdfFilterError('inflated content past the budget', true);
    throw new PdfFilterError('the FlateDecode data does not inflate');
  }
}

const isWhite = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

/** ASCIIHexDecode: pairs of hex digits, white space ignored, `>` ends; an odd last digit is followed by 0. */
export function asciiHex(data: Buffer): Buffer {
  const out = Buffer.alloc(Math.ceil(data.length / 2));
  let length = 0;
  let high = -1;
  for (const byte of data) {
    if (byte === 0x3e) break;
    if (isWhite(byte)) continue;
    const value = hexValue(byte);
    if (value < 0) throw new PdfFilterError('ASCIIHexDecode data holds a character that is not a hex digit');
    if (high < 0) high = value;
    else {
      out[length++] = high * 16 + value;
      high = -1;
    }
  }
  if (high >= 0) out[length++] = high * 16;
  return out.subarray(0, length);
}

/** ASCII85Decode: groups of five characters `!`…`u` for four bytes, `z` for four zeros, `~>` ends. */
export function ascii85(data: Buffer): Buffer {
  const out = Buffer.alloc(Math.ceil(data.length / 5) * 4 + data.length * 4);
  let length = 0;
  const group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84);
    if (value > 0xffffffff) throw new PdfFilterError('ASCII85Decode group out of range');
    for (let i = 0; i < count; i++) out[length++] = (value >>> (24 - 8 * i)) & 0xff;
    group.length = 0;
  };
  for (const byte of data) {
    if (byte === 0x7e) break;
    if (isWhite(byte)) continue;
    if (byte === 0x7a && group.length === 0) {
      length += 4;
      continue;
    }
    if (byte < 0x21 || byte > 0x75) throw new PdfFilterError('ASCII85Decode data holds a character outside !…u');
    group.push(byte - 0x21);
    if (group.length === 5) flush(4);
  }
  if (group.length === 1) throw new PdfFilterError('ASCII85Decode data ends with a single character');
  if (group.length > 1) flush(group.length - 1);
  return out.subarray(0, length);
}

/** RunLengthDecode: a length byte 0…127 copies the next n+1 bytes, 129…255 repeats the next byte 257−n times, 128 ends. */
export function runLength(data: Buffer, budget: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  let i = 0;
  while (i < data.length) {
    const n = data[i++]!;
    if (n === 128) break;
    const chunk = n < 128 ? data.subarray(i, i + n + 1) : Buffer.alloc(257 - n, data[i] ?? 0);
    i += n < 128 ? n + 1 : 1;
    chunks.push(chunk);
    total += chunk.length;
    if (total > budget) throw new PdfFilterError('RunLengthDecode content past the budget', true);
  }
  return Buffer.concat(chunks);
}

/** LZWDecode with the default EarlyChange 1: 9- to 12-bit codes, 256 clears the table, 257 ends. */
export function lzw(data: Buffer, budget: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  const table: Buffer[] = [];
  const reset = () => {
    table.length = 0;
    for (let i = 0; i < 256; i++) table.push(Buffer.from([i]));
    table.push(Buffer.alloc(0), Buffer.alloc(0));
  };
  reset();
  let width = 9;
  let previous: Buffer | null = null;
  let bits = 0;
  let count = 0;
  let position = 0;
  for (;;) {
    while (count < width && position < data.length) {
      bits = ((bits << 8) | data[position++]!) & 0xffffff;
      count += 8;
    }
    if (count < width) break;
    const code = (bits >>> (count - width)) & ((1 << width) - 1);
    count -= width;
    if (code === 256) {
      reset();
      width = 9;
      previous = null;
      continue;
    }
    if (code === 257) break;
    let entry: Buffer;
    if (code < table.length && code !== 256 && code !== 257) entry = table[code]!;
    else if (code === table.length && previous) entry = Buffer.concat([previous, previous.subarray(0, 1)]);
    else throw new PdfFilterError('LZWDecode data holds a code not in its table');
    chunks.push(entry);
    total += entry.length;
    if (total > budget) throw new PdfFilterError('LZWDecode content past the budget', true);
    if (previous && table.length < 4096) table.push(Buffer.concat([previous, entry.subarray(0, 1)]));
    previous = entry;
    if (table.length + 1 >= 1 << width && width < 12) width++;
  }
  return Buffer.concat(chunks);
}
