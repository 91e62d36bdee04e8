import { isApiErrorBody } from '@landunits/domain';
import { ApiError, NetworkError } from './api-error';
import { sendWithStepUp } from './step-up-bridge';

/** Every call goes to the same origin under /api, with the session cookie. */
export const API_BASE = '/api';

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The URL of an API path with its query (empty values left out). */
export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return text;
}

function fallbackMessage(status: number): string {
  if (status === 401) return 'Please log in to continue.';
  if (status === 403) return 'You do not have access to this.';
  if (status === 404) return 'We could not find what you asked for.';
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return 'Something went wrong. Please try again.';
}

/**
 * Calls the API and returns the parsed JSON body. Error answers become an ApiError with the
 * server's code, message and field errors; a request that never got an answer becomes a
 * NetworkError ('Network Error'). An aborted request rethrows the abort. A request the server
 * wants confirmed (403 STEP_UP_REQUIRED) opens the step-up dialog and, once the person has
 * confirmed it is them, is sent again; closing the dialog answers STEP_UP_CANCELLED.
 */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return sendWithStepUp(() => send<T>(path, options));
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }

  let data: unknown;
  try {
    data = await readBody(response);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }

  if (!response.ok) {
    if (isApiErrorBody(data)) {
      throw new ApiError(response.status, data.code, data.message, data.errors ?? {});
    }
    throw new ApiError(response.status, `HTTP_${response.status}`, fallbackMessage(response.status));
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
