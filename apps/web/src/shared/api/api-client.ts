import { isApiErrorBody } from '@landunits/domain';
import type { RouteContract, SuccessOf } from '@landunits/domain/contracts';
import type { z } from 'zod';
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

type Loose<T> = { [K in keyof T]?: string | number | boolean | null | undefined };
type ParamsInput<C extends RouteContract> = C['request'] extends { params: infer S extends z.ZodType } ? { params: { [K in keyof z.input<S>]-?: string | number } } : { params?: undefined };
type QueryInput<C extends RouteContract> = C['request'] extends { query: infer S extends z.ZodType } ? { query?: Loose<z.input<S>> } : { query?: undefined };
type BodyInput<C extends RouteContract> = C['request'] extends { multipart: object }
  ? { body: FormData }
  : C['request'] extends { body: infer S extends z.ZodType }
    ? { body: z.input<S> }
    : { body?: undefined };

/** What a call of a contract takes: its path parameters, query and body, typed by the contract's schemas. */
export type CallInput<C extends RouteContract> = ParamsInput<C> & QueryInput<C> & BodyInput<C> & { signal?: AbortSignal; headers?: Record<string, string> };

const API_PREFIX = /^\/api(?=\/)/;

/**
 * The path of a contract's route with its parameters filled in (`/order/get_order_details/42`),
 * relative to API_BASE. A missing parameter is a bug in the caller, so it throws.
 */
export function pathOf(contract: RouteContract, params?: Record<string, string | number>): string {
  return contract.path.replace(API_PREFIX, '').replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`${contract.method} ${contract.path} needs the parameter "${name}".`);
    return encodeURIComponent(String(value));
  });
}

/** The full URL of a contract's route (for links: a PDF to download, a CSV export). */
export const urlOf = <C extends RouteContract>(contract: C, input: Pick<CallInput<C>, 'params' | 'query'>): string => buildUrl(pathOf(contract, input.params), input.query as Query | undefined);

/**
 * Calls an API route through its contract (@landunits/domain/contracts): the method, the path, what
 * it takes and what it answers all come from the contract, so a wrong path, method, input or answer
 * type does not compile. The answer is the contract's success answer; errors are ApiError or
 * NetworkError as with every call (apiRequest).
 */
export function call<C extends RouteContract>(contract: C, ...[input]: Partial<CallInput<C>> extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>]): Promise<SuccessOf<C>> {
  const { params, query, body, signal, headers } = (input ?? {}) as { params?: Record<string, string | number>; query?: Query; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };
  return apiRequest<SuccessOf<C>>(pathOf(contract, params), { method: contract.method, query, body, signal, headers });
}
