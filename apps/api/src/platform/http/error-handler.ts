import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable, isRetryableTransactionError, sqlState } from '../db/errors';
import { AppError } from './app-error';

const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/** Framework errors a client can cause, mapped to our codes and plain messages. */
const CLIENT_ERRORS: Record<string, AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: new AppError('BAD_REQUEST', 'The request body is not valid JSON.'),
  FST_ERR_CTP_EMPTY_JSON_BODY: new AppError('BAD_REQUEST', 'The request body is empty.'),
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError('PAYLOAD_TOO_LARGE', 'The request is too large.'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError('UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted here.'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError('BAD_REQUEST', 'The request length is wrong.'),
};

/** PostgreSQL refusing text it cannot store (a NUL byte, an invalid sequence): the client's input. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function busy(): AppError {
  const error = new AppError('UNAVAILABLE', 'We are busy right now. Please try again in a moment.');
  error.headers = { 'retry-after': '1' };
  return error;
}

/** The database cannot be reached (restart, failover, network): the same request works once it is back. */
function databaseUnavailable(): AppError {
  const error = new AppError('UNAVAILABLE', 'The service is briefly unavailable. Please try again in a moment.');
  error.headers = { 'retry-after': '2' };
  return error;
}

function toAppError(error: FastifyError): AppError | undefined {
  if (error instanceof AppError) return error;
  const dbCode = sqlState(error);
  if (dbCode && UNSTORABLE_TEXT.has(dbCode)) return new AppError('BAD_REQUEST', 'The request contains characters that cannot be stored.');
  // A transaction that still lost its race after the retries: the client may simply try again.
  if (isRetryableTransactionError(error)) return busy();
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  if (known) return known;
  if (error.validation) return new AppError('VALIDATION_FAILED', 'The request is not valid.');
  const status = error.statusCode ?? 500;
  if (status === 404) return new AppError('NOT_FOUND', 'Not found.');
  if (status >= 400 && status < 500) return new AppError('BAD_REQUEST', 'The request could not be understood.');
  return undefined;
}

/**
 * One handler for every error: known errors answer in the documented JSON shape, anything else is
 * logged with its detail and answered with a 500 that shows no stack, SQL or internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toAppError(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, 'request failed');
      if (known.headers) void reply.headers(known.headers);
      return reply.status(known.status).send(known.toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: SERVER_ERROR_MESSAGE, code: 'INTERNAL' });
  });
}
