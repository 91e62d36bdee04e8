import { NETWORK_ERROR_MESSAGE } from '@landunits/domain';

/** An error answer from the API, carrying the server's code, message and per-field messages. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly errors: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, errors: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

/** The request never got an answer (offline, DNS, server down). SPEC §8 shows 'Network Error'. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly code = 'NETWORK_ERROR';

  constructor(options?: { cause?: unknown }) {
    super(NETWORK_ERROR_MESSAGE, options);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;

/** The text SPEC §8's generic handler shows for any error. */
/**
 * What a form shows under itself when sending failed: field errors go under their fields
 * (`showServerErrors` places them and answers the ones no field shows); any other failure is its message.
 */
export function formFailureMessage(failure: unknown, showServerErrors: (errors: Record<string, string>) => string[]): string {
  if (isApiError(failure) && Object.keys(failure.errors).length) return showServerErrors(failure.errors).join(' ');
  return errorMessage(failure);
}

export function errorMessage(error: unknown): string {
  if (error instanceof NetworkError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
