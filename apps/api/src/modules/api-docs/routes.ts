import { ALL_CONTRACTS, buildOpenApiDocument, PLATFORM_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';

/** GET /api/openapi.json: the OpenAPI 3.1 document of every route, generated from the contracts once per process (`no-cache`: the contract's). */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  let document: string | undefined;
  route(app, C.openapi, async ({ reply }) => {
    document ??= JSON.stringify(buildOpenApiDocument(ALL_CONTRACTS));
    return reply.type('application/json; charset=utf-8').send(document);
  });
}
