/** SPEC §"Files": what an upload may be, told from its first bytes rather than its name or declared type. */

export const UPLOAD_MAX_BYTES = 8_388_608;

export const FILE_MESSAGES = {
  tooLarge: 'File too large. Please upload a file less than 8Mb',
  unsupported: 'Unsupported file type. Please upload a PDF, JPEG, or PNG.',
  /** Where only pictures make sense (the website's news images and team photos). */
  imageOnly: 'Unsupported file type. Please upload a JPEG or PNG image.',
} as const;

export type SniffedFileType = 'pdf' | 'jpeg' | 'png';

/** The types a picture may be. */
export const IMAGE_FILE_TYPES: readonly SniffedFileType[] = ['jpeg', 'png'];

export const FILE_TYPE_MIME: Record<SniffedFileType, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** The type of a file from its first bytes (8 are enough), or null when it is none of PDF, JPEG, PNG. */
export function sniffFileType(firstBytes: Uint8Array): SniffedFileType | null {
  if (startsWith(firstBytes, PDF)) return 'pdf';
  if (startsWith(firstBytes, PNG)) return 'png';
  if (startsWith(firstBytes, JPEG)) return 'jpeg';
  return null;
}
