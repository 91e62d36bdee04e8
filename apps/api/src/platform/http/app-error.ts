import { ERROR_CODES, fieldErrors, type ApiErrorBody, type ErrorCode } from '@landunits/domain';
import type { z } from 'zod';

/** The one error type: a code, its HTTP status and a message fit to show the user. */
export class AppError extends Error {
  readonly status: number;
  /** Extra response headers, e.g. Retry-After on a 429. */
  headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_CODES[code];
  }

  toBody(): ApiErrorBody {
    return { message: this.message, code: this.code, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export const VALIDATION_MESSAGE = 'Please check the highlighted fields.';

/** Parses input with a shared schema; failure is a 400 carrying one message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, fieldErrors(result.error));
  return result.data;
}
