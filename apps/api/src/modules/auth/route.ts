import type { RouteContract } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { AuditActor } from '../../platform/audit/record-audit';
import { fieldErrors } from '@landunits/domain';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { optionalSession, requireMoneyPermission, requirePermission, requireSession, type AdminUser } from './guard';
import type { Authenticated } from './sessions';

/**
 * A contract is the route (docs/decisions/0053-contract-routes.md). `route(app, CONTRACT, handler)`
 * registers the contract's method and path and, before the handler runs, does what the contract
 * declares, in the SPEC's error order:
 *
 * 1. who may call: `public` (the session, when there is one, is handed over), `user` (401 when
 *    signed out), `admin` (the permission, a session that passed an authenticator code, and for
 *    `stepUp: 'admin-money'` a step-up within five minutes: 401, 403, 403 STEP_UP_REQUIRED);
 * 2. the request: path parameters, query and JSON body parsed with the contract's schemas (400
 *    VALIDATION_FAILED with one message per field), so the handler gets typed, checked values;
 * 3. caching: signed-in answers are `no-store` unless the contract says otherwise (`cache`);
 * 4. the answer: the handler returns the contract's JSON answer (typed from its schema, checked
 *    against it in development and tests by registerContracts), sent with the contract's success
 *    status when it has only one (201 for a creation), or sends a non-JSON answer itself.
 *
 * The person's own step-ups (a sale, a transfer above the threshold) are taken by the use-case in
 * its transaction, so only the admins' money step-up is checked here.
 */

type SchemaOut<S> = S extends z.ZodType ? z.output<S> : undefined;
type RequestPart<C extends RouteContract, K extends 'params' | 'query' | 'body'> = C['request'] extends { [P in K]: infer S } ? SchemaOut<S> : undefined;

/** The JSON answers a handler may return: the contract's 2xx schemas, as the schemas accept them. */
export type AnswerOf<C extends RouteContract> = {
  [K in keyof C['responses']]: K extends 200 | 201 | 202 ? (C['responses'][K] extends z.ZodType ? z.input<C['responses'][K]> : never) : never;
}[keyof C['responses']];

type Caller<C extends RouteContract> = C['auth'] extends 'admin'
  ? { session: Authenticated; admin: AdminUser; actor: AuditActor }
  : C['auth'] extends 'user'
    ? { session: Authenticated; user: Authenticated['user'] }
    : { session: Authenticated | undefined };

export type RouteInput<C extends RouteContract> = Caller<C> & {
  request: FastifyRequest;
  reply: FastifyReply;
  params: RequestPart<C, 'params'>;
  query: RequestPart<C, 'query'>;
  body: RequestPart<C, 'body'>;
};

/** A handler returns its JSON answer, or the reply when it sent something else (a file, a redirect, a 304). */
export type RouteHandler<C extends RouteContract> = (input: RouteInput<C>) => Promise<AnswerOf<C> | FastifyReply>;

/** Fastify's own per-route options a contract does not carry (log serializers, body limits, timeouts). */
export type RouteOptions = Pick<RouteShorthandOptions, 'logSerializers' | 'bodyLimit' | 'config'>;

type Part = 'params' | 'query' | 'body';
const PARTS: readonly Part[] = ['params', 'query', 'body'];

const successStatuses = (contract: RouteContract): number[] =>
  Object.keys(contract.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);

async function callerOf(app: FastifyInstance, contract: RouteContract, request: FastifyRequest, reply: FastifyReply): Promise<Record<string, unknown>> {
  const ctx = app.ctx;
  if (contract.auth === 'public') return { session: await optionalSession(ctx, request, reply) };
  const session = await requireSession(ctx, request, reply);
  if (contract.auth === 'user') return { session, user: session.user };
  if (!contract.permission) throw new Error(`The admin route ${contract.method} ${contract.path} names no permission.`);
  const admin = contract.stepUp === 'admin-money' ? await requireMoneyPermission(ctx, request, reply, contract.permission) : await requirePermission(ctx, request, reply, contract.permission);
  const actor: AuditActor = { userId: admin.id, role: admin.adminRole, requestId: request.id };
  return { session, admin, actor };
}

/** The request's parts parsed together, so a 400 names every wrong field at once (path, query and body). */
function parseRequest(schemas: Record<Part, z.ZodType | undefined>, values: Record<Part, unknown>): Record<Part, unknown> {
  const parsed: Record<Part, unknown> = { params: undefined, query: undefined, body: undefined };
  let errors: Record<string, string> = {};
  for (const part of PARTS) {
    const schema = schemas[part];
    if (!schema) continue;
    const result = schema.safeParse(values[part]);
    if (result.success) parsed[part] = result.data;
    else errors = { ...fieldErrors(result.error), ...errors };
  }
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, errors);
  return parsed;
}

export function route<const C extends RouteContract>(app: FastifyInstance, contract: C, handler: RouteHandler<C>, options: RouteOptions = {}): void {
  const { params, query, body, multipart } = contract.request ?? {};
  const [onlySuccess, ...otherSuccesses] = successStatuses(contract);
  const status = otherSuccesses.length === 0 && onlySuccess !== undefined && onlySuccess !== 200 ? onlySuccess : undefined;
  const cache = contract.cache ?? (contract.auth === 'public' ? undefined : 'no-store');
  app.route({
    ...options,
    config: { ...options.config, throughContract: true },
    method: contract.method,
    url: contract.path,
    handler: async (request, reply) => {
      const caller = await callerOf(app, contract, request, reply);
      const parts = parseRequest({ params, query, body: multipart ? undefined : body }, { params: request.params, query: request.query ?? {}, body: request.body ?? {} });
      const input = { ...caller, ...parts, request, reply } as RouteInput<C>;
      if (cache) reply.header('cache-control', cache);
      const answer = await handler(input);
      if (answer === reply) return reply;
      if (status) reply.status(status);
      return answer;
    },
  });
}
