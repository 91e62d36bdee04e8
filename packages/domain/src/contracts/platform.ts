import { z } from 'zod';
import { defineRoute, IsoDateTime } from './contract';

/** Health, the admin's ledger check, the documentation itself, development tools and the site's files. */

/** An attachment of a kept email as the list shows it: its name, type, size and where to download it. */
export const DevMailAttachmentSchema = z.object({ filename: z.string(), contentType: z.string(), size: z.number().int(), url: z.string() });

export const DevMailMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: IsoDateTime,
  attachments: z.array(DevMailAttachmentSchema),
});

/** POST /api/dev/clock/advance: milliseconds to move the app's clock forward (up to 30 days). */
export const DevClockAdvanceSchema = z
  .object({
    ms: z
      .number()
      .int()
      .min(1)
      .max(30 * 24 * 60 * 60 * 1000),
  })
  .strict();

/** GET /api/admin/ledger/reconcile. The shape of a problem is not fixed: each check writes its own. */
export const ReconcileAnswerSchema = z.object({ ok: z.boolean(), problems: z.array(z.unknown()) });
export type ReconcileAnswer = z.output<typeof ReconcileAnswerSchema>;

export const OPENAPI_PATH = '/api/openapi.json';

const area = 'Platform';

/** GET /readyz: each dependency's state (`timeout`: no answer within the check's bound; `behind`: the database lacks this code's newest migration). */
const ReadinessChecksSchema = z.object({
  database: z.enum(['ok', 'unavailable', 'timeout']),
  migrations: z.enum(['ok', 'unavailable', 'timeout', 'behind']),
  storage: z.enum(['ok', 'unavailable', 'timeout']),
  mail: z.enum(['ok', 'unavailable', 'timeout']),
});

export const PLATFORM_CONTRACTS = {
  livez: defineRoute({
    method: 'GET',
    path: '/livez',
    auth: 'public',
    area,
    summary: 'Liveness: the process serves requests (restart it when this fails).',
    responses: { 200: z.object({ status: z.literal('ok') }) },
    errors: [],
    cache: 'no-store',
  }),
  readyz: defineRoute({
    method: 'GET',
    path: '/readyz',
    auth: 'public',
    area,
    summary: 'Readiness: the database answers with this code’s migrations, files can be stored, mail can be handed over, and the instance is not stopping. Each check is bounded in time.',
    responses: {
      200: z.object({ status: z.literal('ready'), checks: ReadinessChecksSchema }),
      503: z.object({ status: z.enum(['not-ready', 'draining']), checks: ReadinessChecksSchema, message: z.string(), code: z.literal('UNAVAILABLE') }),
    },
    errors: [],
    cache: 'no-store',
  }),
  metrics: defineRoute({
    method: 'GET',
    path: '/metrics',
    auth: 'public',
    area,
    summary: 'Prometheus metrics (text format), with `Authorization: Bearer <METRICS_TOKEN>`; 404 while METRICS_TOKEN is unset.',
    responses: { 200: { mediaType: 'text/plain' } },
    errors: ['UNAUTHORIZED', 'NOT_FOUND'],
    cache: 'no-store',
  }),
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    area,
    summary: 'Answers ok only after the database has answered a query.',
    responses: {
      200: z.object({ status: z.literal('ok'), db: z.literal('ok') }),
      503: z.object({ status: z.literal('error'), db: z.literal('unavailable'), message: z.string(), code: z.literal('UNAVAILABLE') }),
    },
    errors: [],
    cache: 'no-store',
  }),
  openapi: defineRoute({
    method: 'GET',
    path: OPENAPI_PATH,
    auth: 'public',
    area,
    summary: 'This document: every route, its auth, request, answers and error codes (OpenAPI 3.1).',
    responses: { 200: z.record(z.string(), z.unknown()) },
    errors: [],
    cache: 'no-cache',
  }),
  reconcile: defineRoute({
    method: 'GET',
    path: '/api/admin/ledger/reconcile',
    auth: 'admin',
    permission: 'ledger.reconcile',
    area: 'Admin',
    summary: "The ledger's invariants and the reservations of open orders.",
    responses: { 200: ReconcileAnswerSchema },
    errors: [],
  }),
  devMail: defineRoute({
    method: 'GET',
    path: '/api/dev/mail',
    auth: 'public',
    area,
    devOnly: true,
    summary: 'The emails kept when no SMTP server is set (development only).',
    responses: { 200: z.object({ messages: z.array(DevMailMessageSchema) }) },
    errors: [],
    cache: 'no-store',
  }),
  devMailHtml: defineRoute({
    method: 'GET',
    path: '/api/dev/mail/:id/html',
    auth: 'public',
    area,
    devOnly: true,
    summary: "One kept email's HTML as it was sent, with a policy of its own allowing only its inline styles (development only).",
    // Anything but a kept email's id (a malformed one included) answers 404 NOT_FOUND.
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: { mediaType: 'text/html' } },
    errors: ['NOT_FOUND'],
    cache: 'no-store',
  }),
  devMailAttachment: defineRoute({
    method: 'GET',
    path: '/api/dev/mail/:id/attachments/:index',
    auth: 'public',
    area,
    devOnly: true,
    summary: 'One attachment of a kept email, as a download (development only).',
    // Anything but a kept email's id and an attachment's index (malformed ones included) answers 404 NOT_FOUND.
    request: { params: z.object({ id: z.string(), index: z.string() }) },
    responses: { 200: { mediaType: 'application/octet-stream' } },
    errors: ['NOT_FOUND'],
    cache: 'no-store',
  }),
  devClockAdvance: defineRoute({
    method: 'POST',
    path: '/api/dev/clock/advance',
    auth: 'public',
    area,
    devOnly: true,
    summary: "Moves the app's clock forward (DEV_CLOCK=on only: browser tests).",
    request: { body: DevClockAdvanceSchema },
    responses: { 200: z.object({ now: z.string(), offsetMs: z.number() }) },
    errors: ['VALIDATION_FAILED'],
    cache: 'no-store',
  }),
  robots: defineRoute({
    method: 'GET',
    path: '/robots.txt',
    auth: 'public',
    area: 'Website',
    summary: 'robots.txt (with the web build only).',
    responses: { 200: { mediaType: 'text/plain' } },
    errors: [],
  }),
  sitemap: defineRoute({
    method: 'GET',
    path: '/sitemap.xml',
    auth: 'public',
    area: 'Website',
    summary: 'The sitemap (with the web build only).',
    responses: { 200: { mediaType: 'application/xml' } },
    errors: [],
  }),
  favicon: defineRoute({
    method: 'GET',
    path: '/favicon.ico',
    auth: 'public',
    area: 'Website',
    summary: 'Redirects to /favicon.svg (with the web build only).',
    responses: { 301: null },
    errors: [],
  }),
} as const;
