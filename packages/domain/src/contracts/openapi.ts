import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors';
import { UPLOAD_MAX_BYTES } from '../files/file-types';
import { ApiErrorSchema, AUTH_ERRORS, COMMON_ERRORS, type RouteContract } from './contract';

/**
 * The OpenAPI 3.1 document of the API, generated from the route contracts (GET /api/openapi.json).
 * Schemas are JSON Schema 2020-12 from zod; requests are described as the client sends them,
 * answers as the server writes them.
 */

type Json = Record<string, unknown>;
const SESSION_COOKIE_NAME = 'lu_session';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  return rest;
}

/** `/api/order/get_order_details/:id` → `/api/order/get_order_details/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, Json>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function errorResponses(contract: RouteContract): Record<string, Json> {
  const codes = [...new Set<ErrorCode>([...contract.errors, ...AUTH_ERRORS[contract.auth], ...COMMON_ERRORS])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_CODES[code], [...(byStatus.get(ERROR_CODES[code]) ?? []), code]);
  const answers: Record<string, Json> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    if (contract.responses[status] !== undefined) continue;
    const schema = jsonSchema(ApiErrorSchema, 'output');
    (schema.properties as Record<string, Json>).code = { type: 'string', enum: list };
    answers[String(status)] = { description: `Error: ${list.join(', ')}`, content: { 'application/json': { schema } } };
  }
  return answers;
}

function operation(contract: RouteContract): Json {
  const responses: Record<string, Json> = {};
  for (const [status, answer] of Object.entries(contract.responses)) {
    if (answer === null) responses[status] = { description: 'No body.' };
    else if ('mediaType' in answer) {
      const types: readonly string[] = typeof answer.mediaType === 'string' ? [answer.mediaType] : answer.mediaType;
      responses[status] = { description: types.join(', '), content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])) };
    } else responses[status] = { description: 'Success.', content: { 'application/json': { schema: jsonSchema(answer as z.ZodType, 'output') } } };
  }
  Object.assign(responses, errorResponses(contract));
  const request = contract.request ?? {};
  const idempotency = request.idempotencyKey
    ? [
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description: 'One key per form submission; a retry with the same key and body answers the stored result.',
          schema: { type: 'string', maxLength: 200 },
        },
      ]
    : [];
  return {
    operationId: `${contract.method.toLowerCase()}${contract.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: contract.summary,
    tags: [contract.area],
    'x-auth': contract.auth,
    ...(contract.permission ? { 'x-permission': contract.permission } : {}),
    ...(contract.stepUp ? { 'x-step-up': contract.stepUp } : {}),
    ...(contract.devOnly ? { 'x-dev-only': true } : {}),
    security: contract.auth === 'public' ? [] : [{ session: [] }],
    parameters: [...parameters(request.params, 'path'), ...parameters(request.query, 'query'), ...idempotency],
    ...(request.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(request.body, 'input') } } } } : {}),
    ...(request.multipart ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: multipartSchema(request.multipart) } } } } : {}),
    responses,
  };
}

export function buildOpenApiDocument(contracts: readonly RouteContract[], info: { version: string } = { version: '1' }): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const contract of contracts) {
    const path = (paths[openApiPath(contract.path)] ??= {});
    path[contract.method.toLowerCase()] = operation(contract);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Land Units API',
      version: info.version,
      description:
        'Every route of the Land Units API. Errors answer `{message, code, errors?}`; `code` is one of the codes listed per route, and `errors` holds a message per field. Routes marked `x-auth: user` need the lu_session cookie; `x-auth: admin` an admin session.',
    },
    tags: [...new Set(contracts.map((c) => c.area))].map((name) => ({ name })),
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME } } },
    paths,
  };
}

/** A multipart body: the text fields' schema plus one binary property per file field. */
function multipartSchema(multipart: { fields: z.ZodType; files: readonly string[] }) {
  const fields = jsonSchema(multipart.fields, 'input') as { properties?: Record<string, unknown> };
  const files = Object.fromEntries(multipart.files.map((name) => [name, { type: 'string', format: 'binary', maxLength: UPLOAD_MAX_BYTES }]));
  return { ...fields, type: 'object', properties: { ...(fields.properties ?? {}), ...files } };
}
