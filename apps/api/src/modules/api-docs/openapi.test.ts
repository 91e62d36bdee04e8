import { DashboardDataSchema, openApiPath, PLATFORM_CONTRACTS, PriceListSchema, SiteStatisticsSchema } from '@landunits/domain/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';

let ctx: TestContext;
let document: { openapi: string; paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, unknown>; 'x-auth': string }>> };

/** A route planted by this test whose handler breaks the health contract's answer. */
const PLANTED = '/api/test/broken-answer';

beforeAll(async () => {
  const healthOk = PLATFORM_CONTRACTS.health.responses[200];
  ctx = await createTestApp({}, (app) => app.get(PLANTED, { schema: { response: { 200: healthOk } } }, async () => ({ status: 'maybe', db: 'ok' })));
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  document = res.json();
});
afterAll(() => ctx.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('lists every route the server registers, each with a contract', () => {
    const routes = ctx.app.registeredRoutes.filter((r) => r.url !== PLANTED);
    expect(routes.length).toBeGreaterThan(40);
    const withoutContract = routes.filter((r) => !r.contract).map((r) => `${r.method} ${r.url}`);
    expect(withoutContract).toEqual([]);
    const missing = routes.filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('registers every route through its contract (route(app, CONTRACT, handler)), so auth, parsing and caching are what the contract says', () => {
    const routes = ctx.app.registeredRoutes.filter((r) => r.url !== PLANTED);
    expect(routes.filter((r) => !r.throughContract).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('says who may call each route and which errors it answers', () => {
    const transition = document.paths['/api/admin/orders/{id}/transition']!.post!;
    expect(transition['x-auth']).toBe('admin');
    expect(transition.security).toEqual([{ session: [] }]);
    expect(Object.keys(transition.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409']));
    const price = document.paths['/api/order/get_price']!.get!;
    expect(price.security).toEqual([]);
    expect(price.responses['401']).toBeUndefined();
  });
});

describe('answers match their contracts', () => {
  it('the cached price list and the statistics (sent pre-serialized)', async () => {
    const price = await ctx.app.inject({ method: 'GET', url: '/api/order/get_price' });
    expect(PriceListSchema.safeParse(price.json()).success).toBe(true);
    const stats = await ctx.app.inject({ method: 'GET', url: '/api/site/statistics' });
    expect(SiteStatisticsSchema.safeParse(stats.json()).success).toBe(true);
  });

  it('the dashboard bundle', async () => {
    const session = await personSession(ctx.app, 'contract.reader@example.com');
    const res = await me(ctx.app, session);
    expect(res.statusCode).toBe(200);
    const parsed = DashboardDataSchema.safeParse(res.json());
    expect(parsed.error?.issues).toBeUndefined();
  });

  it('an answer that breaks its contract is a 500, never sent as is (outside production)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: PLANTED });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'INTERNAL' });
    expect(res.body).not.toContain('maybe');
  });
});
