import { isApiErrorBody } from '@landunits/domain';
import type { RouteContract, SuccessOf } from '@landunits/domain/contracts';
import { buildUrl, pathOf } from './api-client';
import { ApiError, NetworkError } from './api-error';
import { sendWithStepUp } from './step-up-bridge';

/** How far an upload is: bytes sent of the whole request body. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The share of an upload sent, 0–100. */
export const percentOf = ({ loaded, total }: UploadProgress) => (total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0);

/**
 * Sends a multipart form with XMLHttpRequest, which (unlike fetch) reports upload progress.
 * Same rules as `apiRequest`: same origin under /api with the session cookie and the same Accept
 * header; the browser adds the Origin header the API's cross-site check reads. Error answers become
 * an ApiError with the server's code, message and field errors; no answer becomes a NetworkError.
 * A form the server wants confirmed (a change of bank details) opens the step-up dialog and is sent
 * again once the person has confirmed.
 */
export function uploadForm<T>(path: string, body: FormData, onProgress?: (progress: UploadProgress) => void): Promise<T> {
  return sendWithStepUp(() => sendForm<T>(path, body, onProgress));
}

/** `uploadForm` through a multipart contract: the path (with its parameters) and the answer type come from it. */
export function uploadWith<C extends RouteContract & { request: { multipart: object } }>(
  contract: C,
  input: { params?: Record<string, string | number>; body: FormData },
  onProgress?: (progress: UploadProgress) => void,
): Promise<SuccessOf<C>> {
  return uploadForm<SuccessOf<C>>(pathOf(contract, input.params), input.body, onProgress);
}

function sendForm<T>(path: string, body: FormData, onProgress?: (progress: UploadProgress) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      xhr.upload.onprogress = (event: ProgressEvent) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
    }
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new NetworkError());
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      if (isApiErrorBody(data)) {
        reject(new ApiError(xhr.status, data.code, data.message, data.errors ?? {}));
        return;
      }
      reject(new ApiError(xhr.status, `HTTP_${xhr.status}`, xhr.status >= 500 ? 'Something went wrong on our side. Please try again.' : 'Something went wrong. Please try again.'));
    };
    xhr.send(body);
  });
}
