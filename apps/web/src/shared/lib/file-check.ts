import { FILE_MESSAGES, FILE_TYPE_MIME, sniffFileType, UPLOAD_MAX_BYTES, type SniffedFileType } from '@landunits/domain';

/** What the file inputs accept (the type is judged again from the file's first bytes). */
export const FILE_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
export const UPLOAD_HINT = 'Accepted: .jpeg, .png, .jpg, .pdf, or a photo from your phone';

/** What a picture-only input accepts (the website's news images and team photos). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';
export const IMAGE_HINT = 'Accepted: .jpeg, .jpg or .png, up to 8 MB';

/** The types a file input takes and what it says of anything else. */
export interface FileRule {
  types: readonly SniffedFileType[];
  message: string;
}

function readAs(blob: Blob, how: 'buffer' | 'dataUrl'): Promise<ArrayBuffer | string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer | string);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    if (how === 'buffer') reader.readAsArrayBuffer(blob);
    else reader.readAsDataURL(blob);
  });
}

export type FileCheck = { ok: true; type: SniffedFileType } | { ok: false; message: string };

/**
 * SPEC §5 file rules before anything is sent: at most 8,388,608 bytes, a PDF, JPEG or PNG by its
 * content (or only the types of `rule`, with its message).
 */
export async function checkFile(file: File, rule?: FileRule): Promise<FileCheck> {
  if (file.size > UPLOAD_MAX_BYTES) return { ok: false, message: FILE_MESSAGES.tooLarge };
  const head = new Uint8Array((await readAs(file.slice(0, 8), 'buffer')) as ArrayBuffer);
  const type = sniffFileType(head);
  if (!type || (rule && !rule.types.includes(type))) return { ok: false, message: rule?.message ?? FILE_MESSAGES.unsupported };
  return { ok: true, type };
}

/** An image's preview as a data: URL (the CSP allows data: images), typed by its content. */
export async function imagePreview(file: File, type: SniffedFileType): Promise<string | null> {
  if (type === 'pdf') return null;
  return (await readAs(new Blob([file], { type: FILE_TYPE_MIME[type] }), 'dataUrl')) as string;
}

/** 1536 → "1.5 KB", 2_500_000 → "2.4 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
