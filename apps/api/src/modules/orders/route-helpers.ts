import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeyOf, requestFingerprint, type StoredResponse } from '../../platform/http/idempotency';
import type { Submission } from './order-types';

/**
 * The Idempotency-Key of a money-moving POST, checked at once; the submission (key and request
 * fingerprint) is taken once the body has passed validation, so an invalid body is never hashed.
 */
export function submissionOf(request: FastifyRequest, path: string): () => Submission {
  const key = idempotencyKeyOf(request);
  return () => ({ key, fingerprint: requestFingerprint('POST', path, request.body) });
}

/** An idempotent action's answer: never cached, marked when it is the stored answer of an earlier request. */
export function send<T>(reply: FastifyReply, result: StoredResponse<T>) {
  reply.header('cache-control', 'no-store');
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(result.status).send(result.body);
}
