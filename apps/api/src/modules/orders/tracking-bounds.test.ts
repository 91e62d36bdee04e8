import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../schema';
import { createTestApp, type TestContext } from '../../test/app';
import { signUp, type TestUser } from './test/fixtures';
import { buyBody, created, postJson } from './test/lifecycle';

/** The marketing payload stored with each order is bounded: thousands of UTM keys are refused. */

let ctx: TestContext;
let ada: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' });
  ada = await signUp(ctx.app, 'ada.tracking-bounds@example.com');
});
afterAll(() => ctx.close());

async function ordersOf(userId: string): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row?.n ?? 0;
}

describe('hubspotMetaData on create_order', () => {
  it('refuses 4,000 UTM parameters (about 980 kB) and creates nothing', async () => {
    // Each key and value within its own length limit: only their number is too big.
    const utmParams = Object.fromEntries(Array.from({ length: 4_000 }, (_, i) => [`utm_param_${String(i).padStart(30, '0')}`, 'v'.repeat(200)]));
    const before = await ordersOf(ada.id);
    const res = await postJson(ctx.app, ada.session, '/api/order/create_order', { ...buyBody(5), hubspotMetaData: { utmParams } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'VALIDATION_FAILED', errors: { 'hubspotMetaData.utmParams': 'Send at most 20 UTM parameters.' } });
    expect(await ordersOf(ada.id)).toBe(before);
  });

  it('accepts what the web app sends', async () => {
    const hubspotMetaData = { hutk: 'a1b2c3', pageUri: 'http://localhost:3000/buy?utm_source=news', pageName: 'Buy Units', utmParams: { utm_source: 'news', utm_medium: 'email' } };
    created(await postJson(ctx.app, ada.session, '/api/order/create_order', { ...buyBody(5), hubspotMetaData }));
  });
});
