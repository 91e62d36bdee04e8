import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import { databaseErrorFacts } from '../db/errors';

/**
 * Request URLs as they go to the log, without the secrets some of them carry: one-time tokens in
 * email links (`?token=…` on /account/confirm, /login/reset, /subscribe/confirm; `?resume=…` on /chat) and in the API
 * paths those pages call (`…/verify_password_token/<token>`, `…/subscriberVerification/<token>`, `/api/auth/not-me/<token>`).
 * Anyone who can read the logs must not be able to confirm, reset or subscribe in someone's name.
 */
const TOKEN_PATH = /\/(verify_password_token|verify-email-change|subscriberVerification|login\/reset|admin-invitation|not-me)\/[^/?#]+/g;
const TOKEN_QUERY = /([?&](?:token|code|resume)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_PATH, '/$1/[token]').replace(TOKEN_QUERY, '$1[hidden]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
}

/** Fastify's request serializer with the URL redacted. */
export function serializeRequest(req: LoggedRequest): Record<string, unknown> {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip };
}

/**
 * Errors as they go to the log. A database error (a failed query, a lost connection) is logged
 * by its facts only: type, SQLSTATE or network code, a label of the statement (its verb and
 * tables), the schema names PostgreSQL gives, and stack frames; never its message, SQL
 * parameters or `detail`, which carry emails, names and whole email bodies. Any other error is
 * logged by pino's standard serializer.
 */
export function serializeError(error: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const facts = databaseErrorFacts(error);
  if (!facts) return stdSerializers.err(error);
  const { stack = '', ...rest } = facts;
  // Without a statement it may be any connection (the database's, or a lost socket elsewhere).
  const message = [facts.statement ? 'database error' : 'connection error', facts.code, facts.statement && `in ${facts.statement}`].filter(Boolean).join(' ');
  return { ...rest, message, stack };
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The app's logger options with the redacting serializers (requests, errors) always applied: a
 * caller may add serializers but never loses these.
 */
export function withLogRedaction(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest, err: serializeError } };
}
