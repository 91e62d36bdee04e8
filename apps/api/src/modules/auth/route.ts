import type { RouteContract } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { AuditActor } from '../../platform/audit/record-audit';
import { fieldErrors } from '@landunits/domain';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { idempotencyKeyOf, requestFingerprint } from '../../platform/http/idempotency';
import { optionalSession, requireMoneyPermission, requirePermission, requireSession, type AdminUser } from './guard';
import type { Authenticated } from './sessions/store';

/**
 * A contract is the route (docs/decisions/0053-contract-routes.md). `route(app, CONTRACT, handler)`
 * registers the contract's method and path and, before the handler runs, does what the contract
 * declares, in the SPEC's error order:
 *
 * 1. who may call: `public` (the session looked up only if the handler asks), `user` (401 when
 *    signed out), `admin` (the permission, a session that passed an authenticator code, and for
 *    `stepUp: 'admin-money'` a step-up within five minutes: 401, 403, 403 STEP_UP_REQUIRED);
 * 2. the request: a money POST's Idempotency-Key (400 IDEMPOTENCY_KEY_MISSING), then path
 *    parameters, query and JSON body parsed with the contract's schemas (400 VALIDATION_FAILED with
 *    one message per field), so the handler gets typed, checked values;
 * 3. caching: signed-in answers are `no-store` unless the contract says otherwise (`cache`); a
 *    `no-store` goes on every answer, refusals included, while a public contract's cache that lets
 *    an answer be stored goes on its successful JSON answers only;
 * 4. the answer: the handler returns the contract's JSON answer (typed from its schema, checked
 *    against it in development and tests by registerContracts), sent with the contract's success
 *    status when it has only one (201 for a creation), or sends a non-JSON answer itself.
 *
 * The person's own step-ups (a sale, a transfer above the threshold) are taken by the use-case in
 * its transaction, so only the admins' money step-up is checked here.
 */

type SchemaOut<S> = S extends z.ZodType ? z.output<S> : undefined;
type Part = 'params' | 'query' | 'body';
type RequestPart<C extends RouteContract, K extends Part> = C['request'] extends { [P in K]: infer S } ? SchemaOut<S> : undefined;

/** The JSON answers a handler may return: the contract's 2xx schemas, as the schemas accept them. */
export type AnswerOf<C extends RouteContract> = {
  [K in keyof C['responses']]: K extends 200 | 201 | 202 ? (C['responses'][K] extends z.ZodType ? z.input<C['responses'][K]> : never) : never;
}[keyof C['responses']];

/**
 * Who calls. A public route looks the session up only when its handler asks (`optionalSession()`),
 * so public answers (cached ones above all) never cost a query or carry a refreshed session cookie.
 */
type Caller<C extends RouteContract> = C['auth'] extends 'admin'
  ? { session: Authenticated; admin: AdminUser; actor: AuditActor }
  : C['auth'] extends 'user'
    ? { session: Authenticated; user: Authenticated['user'] }
    : { optionalSession: () => Promise<Authenticated | undefined> };

/** A money-moving POST's Idempotency-Key (read before the body, SPEC order) and its request's fingerprint. */
export interface Submission {
  key: string;
  fingerprint: string;
}

type Idempotent<C extends RouteContract> = C['request'] extends { idempotencyKey: true } ? { submission: () => Submission } : object;

export type CallerInput<C extends RouteContract> = Caller<C> & { request: FastifyRequest; reply: FastifyReply };

export type RouteInput<C extends RouteContract, Own extends Part = never> = CallerInput<C> &
  Idempotent<C> & {
    params: 'params' extends Own ? undefined : RequestPart<C, 'params'>;
    query: 'query' extends Own ? undefined : RequestPart<C, 'query'>;
    body: 'body' extends Own ? undefined : RequestPart<C, 'body'>;
  };

/** A handler returns its JSON answer, or the reply when it sent something else (a file, a redirect, a 304). */
export type RouteHandler<C extends RouteContract, Own extends Part = never> = (input: RouteInput<C, Own>) => AnswerOf<C> | FastifyReply | Promise<AnswerOf<C> | FastifyReply>;

/** Fastify's own per-route options a contract does not carry (log serializers, body limits), and the two exceptions a route may state. */
export interface RouteOptions<C extends RouteContract, Own extends Part> extends Pick<RouteShorthandOptions, 'logSerializers' | 'bodyLimit' | 'config'> {
  /** Work between the caller check and reading the input: a rate limit that counts malformed asks too. */
  beforeInput?: (input: CallerInput<C>) => Promise<void> | void;
  /**
   * Parts the handler parses itself, each for a reason written at the route: a webhook's signed raw
   * bytes, errors keyed by the form's own fields (an order by its type, a setting by its path), a
   * body that depends on who calls, a form that shows the field's own message as the answer's.
   */
  parsedByHandler?: readonly Own[];
}

const PARTS: readonly Part[] = ['params', 'query', 'body'];

const successStatuses = (contract: RouteContract): number[] =>
  Object.keys(contract.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);

async function callerOf(app: FastifyInstance, contract: RouteContract, request: FastifyRequest, reply: FastifyReply): Promise<Record<string, unknown>> {
  const ctx = app.ctx;
  if (contract.auth === 'public') {
    let found: Promise<Authenticated | undefined> | undefined;
    return { optionalSession: () => (found ??= optionalSession(ctx, request, reply)) };
  }
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

export function route<const C extends RouteContract, const Own extends Part = never>(app: FastifyInstance, contract: C, handler: RouteHandler<C, Own>, options: RouteOptions<C, Own> = {}): void {
  const { beforeInput, parsedByHandler = [], ...fastifyOptions } = options;
  const own = new Set<Part>(parsedByHandler);
  const { params, query, body, multipart, idempotencyKey } = contract.request ?? {};
  const schemas = { params: own.has('params') ? undefined : params, query: own.has('query') ? undefined : query, body: own.has('body') || multipart ? undefined : body };
  const [onlySuccess, ...otherSuccesses] = successStatuses(contract);
  const status = otherSuccesses.length === 0 && onlySuccess !== undefined && onlySuccess !== 200 ? onlySuccess : undefined;
  const signedIn = contract.auth !== 'public';
  const cache = contract.cache ?? (signedIn ? 'no-store' : undefined);
  const storable = cache !== undefined && !/no-store/.test(cache);
  app.route({
    ...fastifyOptions,
    config: { ...fastifyOptions.config, throughContract: true },
    method: contract.method,
    url: contract.path,
    handler: async (request, reply) => {
      const caller = { ...(await callerOf(app, contract, request, reply)), request, reply };
      // Signed-in answers are never stored, refusals included; a public answer is storable only once it succeeded.
      if (cache && (signedIn || !storable)) reply.header('cache-control', cache);
      await beforeInput?.(caller as CallerInput<C>);
      const key = idempotencyKey ? idempotencyKeyOf(request) : undefined;
      const parts = parseRequest(schemas, { params: request.params, query: request.query ?? {}, body: request.body ?? {} });
      const submission = key === undefined ? undefined : () => ({ key, fingerprint: requestFingerprint(contract.method, request.url.split('?')[0]!, request.body) });
      const answer = await handler({ ...caller, ...parts, ...(submission ? { submission } : {}) } as RouteInput<C, Own>);
      if (answer === reply) return reply;
      if (cache && storable && !signedIn && !reply.hasHeader('cache-control')) reply.header('cache-control', cache);
      if (status) reply.status(status);
      return answer;
    },
  });
}
