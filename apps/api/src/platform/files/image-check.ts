import sharp from 'sharp';

/**
 * The largest image accepted, in pixels (50 megapixels: well above any phone camera or document
 * scan, small enough that decoding one stays within a few hundred MB). Checked by sharp from the
 * header before any pixel is decoded, so a small file claiming huge dimensions costs nothing.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Quality of re-encoded JPEGs: visually the same as a phone's own output for a document photo. */
const JPEG_QUALITY = 90;

const PNG_SIGNATURE_LENGTH = 8;

/**
 * Where a PNG's IEND chunk ends, walking the chunks from the signature; null when the chunk
 * structure is broken or there is no IEND (a header-only or cut-off file).
 */
export function pngEnd(bytes: Buffer): number | null {
  let offset = PNG_SIGNATURE_LENGTH;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) return null;
    if (type === 'IEND') return end;
    offset = end;
  }
  return null;
}

/**
 * Where a JPEG's end-of-image marker ends, walking the marker segments and skipping entropy-coded
 * data (where 0xFF is always followed by 0x00 or a restart marker), so the end of an embedded EXIF
 * thumbnail is not mistaken for the end of the image; null when there is no end-of-image marker.
 */
export function jpegEnd(bytes: Buffer): number | null {
  let offset = 2; // after SOI
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return offset + 2; // EOI
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) return null;
    offset += 2 + bytes.readUInt16BE(offset + 2);
    if (marker !== 0xda) continue;
    // Start of scan: entropy-coded data runs to the next marker that is not a restart.
    while (offset + 1 < bytes.length) {
      const next = bytes[offset + 1]!;
      if (bytes[offset] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
      offset += 1;
    }
  }
  return null;
}

/**
 * Decodes the image (refusing one above MAX_IMAGE_PIXELS or one that does not decode cleanly) and
 * encodes it again in the same format, turned upright by its EXIF orientation and with no metadata
 * at all (EXIF with GPS, XMP, ICC profiles, comments). Null when the image is refused.
 */
export async function reencodeImage(bytes: Buffer, type: 'png' | 'jpeg'): Promise<Buffer | null> {
  const end = type === 'png' ? pngEnd(bytes) : jpegEnd(bytes);
  if (end === null || end !== bytes.length) return null;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true }).rotate();
    return await (type === 'png' ? image.png() : image.jpeg({ quality: JPEG_QUALITY })).toBuffer();
  } catch {
    return null;
  }
}
