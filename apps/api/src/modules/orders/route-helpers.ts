import type { FastifyReply } from 'fastify';
import type { StoredResponse } from '../../platform/http/idempotency';

/** An idempotent action's answer: never cached, marked when it is the stored answer of an earlier request. */
export function send<T>(reply: FastifyReply, result: StoredResponse<T>) {
  reply.header('cache-control', 'no-store');
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(result.status).send(result.body);
}
