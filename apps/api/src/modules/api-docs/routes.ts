import { ALL_CONTRACTS, buildOpenApiDocument, OPENAPI_PATH } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';

/** GET /api/openapi.json: the OpenAPI 3.1 document of every route, generated from the contracts once per process. */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  let document: string | undefined;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument(ALL_CONTRACTS));
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(document);
  });
}
