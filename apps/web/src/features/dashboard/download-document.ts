import { isApiErrorBody } from '@landunits/domain';
import { ApiError, buildUrl, NetworkError, type Query } from '../../shared/api';

/** The file name a Content-Disposition header gives (its UTF-8 form first), if any. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      /* fall through to the plain name */
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

/**
 * Fetches a document the server draws for the signed-in person and hands it to the browser as a
 * download, under the server's file name. Errors are the API client's: ApiError with the server's
 * message, NetworkError when no answer came.
 */
export async function downloadDocument(path: string, query: Query, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { credentials: 'include', headers: { Accept: 'application/pdf, application/json' } });
  } catch (error) {
    throw new NetworkError({ cause: error });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    if (isApiErrorBody(body)) throw new ApiError(response.status, body.code, body.message, body.errors ?? {});
    throw new ApiError(response.status, `HTTP_${response.status}`, 'The document could not be made just now. Please try again.');
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    throw new NetworkError({ cause: error });
  }
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started saving the file by now; give it a moment before letting the bytes go.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
