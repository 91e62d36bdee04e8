import { FILE_MESSAGES, FILE_TYPE_MIME, sniffFileType, type SniffedFileType } from '@landunits/domain';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from '../storage';
import type { UploadedFile } from '../http/multipart';
import { AppError } from '../http/app-error';
import { reencodeImage } from './image-check';
import { isSafeCompletePdf } from './pdf-check';

/**
 * The one gate every uploaded document passes (PRODUCT-DECISIONS §6, §8; QUALITY "Uploads";
 * decision 0017) after `readMultipart` stored it: the content must be a PDF, JPEG or PNG, agreeing
 * with the file name's single extension. A PNG or JPEG must decode within the pixel cap with
 * nothing after its end, and is stored again re-encoded without metadata; a PDF must be complete
 * and carry no active content. A refused file is deleted and the answer is a 400 naming the form
 * field. `options.types` narrows the types a form takes (pictures only for the website's images).
 */
export interface AcceptedDocument {
  field: string;
  key: string;
  /** The name the person's device gave, for display only. */
  filename: string;
  /** The type judged from the content. */
  type: SniffedFileType;
  contentType: string;
  /** Of the stored content (for an image, after re-encoding). */
  size: number;
  /** Hex SHA-256 of the stored content (for an image, after re-encoding). */
  sha256: string;
}

const EXTENSIONS: Record<SniffedFileType, readonly string[]> = { pdf: ['pdf'], jpeg: ['jpg', 'jpeg'], png: ['png'] };

/** Narrows what a form accepts: only pictures (IMAGE_FILE_TYPES) for the website's images. */
export interface AcceptOptions {
  types?: readonly SniffedFileType[];
  /** The refusal's message (FILE_MESSAGES.unsupported by default). */
  message?: string;
}

export async function acceptDocument(store: FileStore, file: UploadedFile, options: AcceptOptions = {}): Promise<AcceptedDocument> {
  const message = options.message ?? FILE_MESSAGES.unsupported;
  const refuse = async (): Promise<never> => {
    await store.delete(file.key);
    throw new AppError('VALIDATION_FAILED', message, { [file.field]: message });
  };
  try {
    const stored = await readStored(store, file.key);
    if (!stored) return await refuse();
    const type = sniffFileType(stored.bytes.subarray(0, 16));
    if (!type || !extensionAgrees(file.filename, type)) return await refuse();
    if (options.types && !options.types.includes(type)) return await refuse();
    const contentType = FILE_TYPE_MIME[type];
    const accepted = { field: file.field, key: file.key, filename: file.filename, type, contentType };
    if (type === 'pdf') {
      if (!isSafeCompletePdf(stored.bytes)) return await refuse();
      return { ...accepted, size: file.size, sha256: file.sha256 };
    }
    const image = await reencodeImage(stored.bytes, type);
    if (!image) return await refuse();
    // Replaces the object under the same key and kind (an identity document stays encrypted).
    const written = await store.put(file.key, Readable.from([image]), { contentType, kind: stored.kind });
    return { ...accepted, ...written };
  } catch (error) {
    if (!(error instanceof AppError)) await store.delete(file.key);
    throw error;
  }
}

/** Accepts each uploaded file; when one is refused, every file of the request is deleted. */
export async function acceptDocuments(store: FileStore, files: readonly UploadedFile[], options: AcceptOptions = {}): Promise<AcceptedDocument[]> {
  const accepted: AcceptedDocument[] = [];
  try {
    for (const file of files) accepted.push(await acceptDocument(store, file, options));
    return accepted;
  } catch (error) {
    await Promise.all(files.map((file) => store.delete(file.key)));
    throw error;
  }
}

/** A name with exactly one extension, and that extension one of the content's type. */
export function extensionAgrees(filename: string, type: SniffedFileType): boolean {
  const parts = filename.toLowerCase().split('.');
  if (parts.length !== 2 || !parts[0]) return false;
  return EXTENSIONS[type].includes(parts[1]!);
}

/**
 * The whole stored file (uploads are at most 8 MiB) and its kind; null when it is missing. Read
 * through `pipeline`, so an encrypted object that fails its integrity check is an error, never a
 * partly read body.
 */
async function readStored(store: FileStore, key: string): Promise<{ bytes: Buffer; kind: string } | null> {
  const stored = await store.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  await pipeline(stored.body, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) chunks.push(chunk);
  });
  return { bytes: Buffer.concat(chunks), kind: stored.kind };
}
