import { isApiErrorBody } from '@landunits/domain';
import { DOCUMENT_CONTRACTS } from '@landunits/domain/contracts';
import { ApiError, NetworkError, urlOf, type CallInput } from '../../shared/api';

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

/** Which document GET /api/utility/generate-statement draws (its contract's query). */
export type DocumentQuery = NonNullable<CallInput<typeof DOCUMENT_CONTRACTS.generateStatement>['query']>;

/**
 * Fetches a document the server draws for the signed-in person (GET /api/utility/generate-statement)
 * and hands it to the browser as a download, under the server's file name. Errors are the API
 * client's: ApiError with the server's message, NetworkError when no answer came.
 */
export async function downloadDocument(query: DocumentQuery, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(urlOf(DOCUMENT_CONTRACTS.generateStatement, { query }), { credentials: 'include', headers: { Accept: 'application/pdf, application/json' } });
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
