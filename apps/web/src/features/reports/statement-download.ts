import { isApiErrorBody } from '@landunits/domain';
import { DOCUMENT_CONTRACTS } from '@landunits/domain/contracts';
import { ApiError, NetworkError } from '../../shared/api/api-error';
import { urlOf, type Query } from '../../shared/api/api-client';

/** A document the API streamed, read whole in the browser (bytes counted as they come) and saved. */
export interface DownloadedFile {
  name: string;
  bytes: number;
  blob: Blob;
}

/** The file name of a Content-Disposition header (the UTF-8 form first), or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * GET /api/utility/generate-statement: the answer's bytes as they arrive (`onProgress` with the
 * count so far), then the file. An error answer becomes an ApiError with the server's message and
 * field messages; no answer at all a NetworkError.
 */
export async function fetchStatement(query: Query, onProgress: (bytes: number) => void, signal?: AbortSignal): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(urlOf(DOCUMENT_CONTRACTS.generateStatement, { query }), { credentials: 'include', signal: signal ?? null });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (isApiErrorBody(body)) throw new ApiError(response.status, body.code, body.message, body.errors ?? {});
    throw new ApiError(response.status, `HTTP_${response.status}`, response.status === 401 ? 'Please log in to continue.' : 'Something went wrong on our side. Please try again.');
  }
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    const reader = response.body?.getReader();
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        onProgress(bytes);
      }
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return { name: fileNameOf(response.headers.get('content-disposition'), 'land-units-statement'), bytes, blob: new Blob(chunks as BlobPart[], { type }) };
}

/** Hands a file to the browser's downloads. */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** '12.3 kB', '1.2 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
