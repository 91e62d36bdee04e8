import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../schema';
import { createTestApp, type TestContext } from '../../test/app';
import { newKey, signUp, type TestUser } from './test/fixtures';
import { buyBody, created, makeAdmin, postJson, statusOf, successOrder, transitionUrl, type TestAdmin } from './test/lifecycle';

/** A body nested `depth` levels deep, as raw JSON: {"a":{"a":…}} or [[…]]. */
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

let ctx: TestContext;
let ada: TestUser;
let admin: TestAdmin;
beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' });
  ada = await signUp(ctx.app, 'ada.deep-json@example.com');
  admin = await makeAdmin(ctx.app, ctx.database.db, 'boss.deep-json@example.com');
});
afterAll(() => ctx.close());

async function ordersOf(userId: string): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row?.n ?? 0;
}

function expectRefusedAsTooDeep(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: expect.stringMatching(/nested too deeply/), code: 'BAD_REQUEST' });
}

describe('deeply nested JSON bodies', () => {
  it.each([
    ['an object 5,000 levels deep', nestedObject(5_000)],
    ['an array 5,000 levels deep', nestedArray(5_000)],
    ['a valid order with a 5,000-level field', `{"orderType":"BUY","currencyUnit":{"numberOfUnits":5},"paymentDetails":{"paymentMethod":"Bank"},"hubspotMetaData":${nestedObject(5_000)}}`],
  ])('create_order refuses %s with 400 and creates nothing', async (_name, body) => {
    const before = await ordersOf(ada.id);
    expectRefusedAsTooDeep(await postJson(ctx.app, ada.session, '/api/order/create_order', body));
    expect(await ordersOf(ada.id)).toBe(before);
  });

  it('the other POSTs refuse it too: an order action, an admin transition, a login', async () => {
    const order = created(await postJson(ctx.app, ada.session, '/api/order/create_order', buyBody(5)));
    expectRefusedAsTooDeep(await postJson(ctx.app, ada.session, '/api/order/success_order', nestedObject(5_000)));
    expect((await successOrder(ctx.app, ada.session, order.orderId)).statusCode).toBe(200);
    expectRefusedAsTooDeep(await postJson(ctx.app, admin.session, transitionUrl(order.orderId), nestedObject(5_000)));
    expect(await statusOf(ctx.database.db, order.orderId)).toBe('PaymentSent');
    expectRefusedAsTooDeep(await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: nestedArray(5_000), remoteAddress: '192.0.2.91' }));
  });

  it('an invalid body is refused before the Idempotency-Key is bound to it: the key stays usable', async () => {
    const key = newKey();
    const refused = await postJson(ctx.app, ada.session, '/api/order/create_order', { orderType: 'BUY', currencyUnit: { numberOfUnits: 'many' } }, key);
    expect(refused.statusCode).toBe(400);
    created(await postJson(ctx.app, ada.session, '/api/order/create_order', buyBody(2), key));
  });

  it('bodies of ordinary depth, and brackets inside strings, still pass', async () => {
    const quoted = `{"orderType":"BUY","currencyUnit":{"numberOfUnits":1},"paymentDetails":{"paymentMethod":"Bank"},"hubspotMetaData":{"pageName":"${'[{'.repeat(70)}\\"${'}]'.repeat(70)}"}}`;
    created(await postJson(ctx.app, ada.session, '/api/order/create_order', quoted));
  });
});
