import { FILE_MESSAGES, FILE_TYPE_MIME, sniffFileType, type SniffedFileType } from '@landunits/domain';
import type { FileStore } from '../storage';
import type { UploadedFile } from '../http/multipart';
import { AppError } from '../http/app-error';

/**
 * The one gate every uploaded document passes (PRODUCT-DECISIONS §6, §8; QUALITY "Uploads") after
 * `readMultipart` stored it: the content must be a PDF, JPEG or PNG, agreeing with the file name's
 * single extension. A refused file is deleted and the answer is a 400 naming the form field.
 */
export interface AcceptedDocument {
  field: string;
  key: string;
  /** The name the person's device gave, for display only. */
  filename: string;
  /** The type judged from the content. */
  type: SniffedFileType;
  contentType: string;
  size: number;
  sha256: string;
}

const EXTENSIONS: Record<SniffedFileType, readonly string[]> = { pdf: ['pdf'], jpeg: ['jpg', 'jpeg'], png: ['png'] };

export async function acceptDocument(store: FileStore, file: UploadedFile): Promise<AcceptedDocument> {
  const refuse = async (): Promise<never> => {
    await store.delete(file.key);
    throw new AppError('VALIDATION_FAILED', FILE_MESSAGES.unsupported, { [file.field]: FILE_MESSAGES.unsupported });
  };
  const head = await readHead(store, file.key, 16);
  const type = head ? sniffFileType(head) : null;
  if (!type || !extensionAgrees(file.filename, type)) return refuse();
  return { field: file.field, key: file.key, filename: file.filename, type, contentType: FILE_TYPE_MIME[type], size: file.size, sha256: file.sha256 };
}

/** Accepts each uploaded file; when one is refused, every file of the request is deleted. */
export async function acceptDocuments(store: FileStore, files: readonly UploadedFile[]): Promise<AcceptedDocument[]> {
  const accepted: AcceptedDocument[] = [];
  try {
    for (const file of files) accepted.push(await acceptDocument(store, file));
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

async function readHead(store: FileStore, key: string, bytes: number): Promise<Uint8Array | null> {
  const stored = await store.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stored.body) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= bytes) break;
  }
  stored.body.destroy();
  return new Uint8Array(Buffer.concat(chunks)).subarray(0, bytes);
}
