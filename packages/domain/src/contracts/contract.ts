import { z } from 'zod';
import type { DecisionDeclaration } from '../admin/maker-checker';
import type { AdminPermission } from '../admin/permissions';
import type { ErrorCode } from '../errors';
import type { StepUpAction } from '../validation/step-up';

/**
 * The contract of one API route: what it takes, what it answers and who may call it. The API
 * checks its answers against these schemas (in development and tests), the OpenAPI document at
 * GET /api/openapi.json is generated from them, and the web app derives its types from them.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, a signed-in person (the `lu_session` cookie), or an admin. */
export type AuthLevel = 'public' | 'user' | 'admin';

export interface RouteContract {
  method: HttpMethod;
  /** Fastify's form: `/api/order/get_order_details/:id`. */
  path: string;
  auth: AuthLevel;
  /** For admin routes: the permission (packages/domain/src/admin/permissions.ts) the server checks. */
  permission?: AdminPermission;
  /**
   * For admin routes that decide on a record (approve, reject, complete, mark paid, …): which kind
   * of record, so the server refuses the deciding admin's own (docs/decisions/0037).
   */
  decides?: DecisionDeclaration;
  /**
   * The step-up the route needs on every call (docs/decisions/0050): 403 STEP_UP_REQUIRED until
   * the session has confirmed it is the person for this action.
   */
  stepUp?: StepUpAction;
  summary: string;
  /** The area the route belongs to (the OpenAPI tag). */
  area: string;
  request?: {
    body?: z.ZodType;
    query?: z.ZodType;
    params?: z.ZodType;
    /** Money-moving POSTs need an Idempotency-Key header. */
    idempotencyKey?: boolean;
    /**
     * A multipart/form-data body (uploads): its text fields as one object schema (each field a
     * string; JSON fields are parsed by the handler) and the file fields it accepts.
     */
    multipart?: { fields: z.ZodType; files: readonly string[] };
  };
  /**
   * JSON answers per status. A non-JSON answer (a PDF, a page, a redirect) names its media type
   * instead (or several, when a query parameter chooses the format); `null` is an answer without a
   * body (304, 301).
   */
  responses: Record<number, z.ZodType | { mediaType: string | readonly string[] } | null>;
  /** The error codes a client can get from this route, beyond the ones every route can answer. */
  errors: readonly ErrorCode[];
  /** Only in development (never registered in production). */
  devOnly?: boolean;
  /**
   * The answer's Cache-Control when it is not the default: signed-in answers are `no-store`,
   * public ones say nothing unless they set it here.
   */
  cache?: string;
}

/** Keeps the literal types of a contract so response types can be derived from it. */
export const defineRoute = <const C extends RouteContract>(contract: C): C => contract;

/** The JSON body a route answers with `status` (200 by default). */
export type ResponseOf<C extends RouteContract, S extends keyof C['responses'] = 200> = C['responses'][S] extends z.ZodType ? z.output<C['responses'][S]> : never;

/** The JSON body of any of a route's success answers (200, 201 or 202). */
export type SuccessOf<C extends RouteContract> = {
  [S in keyof C['responses']]: S extends 200 | 201 | 202 ? (C['responses'][S] extends z.ZodType ? z.output<C['responses'][S]> : never) : never;
}[keyof C['responses']];

/** The JSON body a route takes, as the client sends it. */
export type BodyOf<C extends RouteContract> = C['request'] extends { body: z.ZodType } ? z.input<C['request']['body']> : never;

/** The one error shape of every API error (errors.ts). */
export const ApiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** Answers that only say something to the person. */
export const MessageSchema = z.object({ message: z.string() });

/** Errors any route can answer (malformed JSON, too large, wrong media type, busy, a bug). */
export const COMMON_ERRORS: readonly ErrorCode[] = ['BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'UNAVAILABLE', 'INTERNAL'];

/** What each auth level adds to a route's errors. */
export const AUTH_ERRORS: Record<AuthLevel, readonly ErrorCode[]> = {
  public: [],
  user: ['UNAUTHORIZED'],
  admin: ['UNAUTHORIZED', 'FORBIDDEN'],
};

/** The paging fields of a list answer. */
export const PAGING = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };

export const IsoDateTime = z.string();
