import { AUTH_ANSWERS } from '@landunits/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../schema';
import { createTestApp, type TestContext } from '../../test/app';
import { newKey, signUp, type TestUser } from './test/fixtures';
import { buyBody, created, makeAdmin, statusOf, successOrder, type TestAdmin } from './test/lifecycle';

/**
 * The cross-site guard judges every state-changing request, whatever its path looks like: the
 * router decodes `%61pi` to `api` and matches it, so a check of the raw URL let these through.
 */

let ctx: TestContext;
let ada: TestUser;
let admin: TestAdmin;
beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' });
  ada = await signUp(ctx.app, 'ada.cross-site@example.com');
  admin = await makeAdmin(ctx.app, ctx.database.db, 'boss.cross-site@example.com');
});
afterAll(() => ctx.close());

const FOREIGN = { origin: 'https://evil.example' };
const REFUSED = { message: AUTH_ANSWERS.crossSite, code: 'FORBIDDEN' };

async function ordersOf(userId: string): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row?.n ?? 0;
}

function post(url: string, session: string, body: unknown, headers: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey(), ...headers },
    payload: JSON.stringify(body),
    cookies: { lu_session: session },
  });
}

const CREATE_ORDER_SPELLINGS = [
  '/%61pi/order/create_order',
  '/api/%6Frder/create_order',
  '/%61%70%69/%6f%72%64%65%72/create%5Forder',
  '//api/order/create_order',
  '/api//order/create_order',
  '/./api/order/create_order',
  '/x/../api/order/create_order',
];

describe('cross-site guard on encoded paths', () => {
  it.each(CREATE_ORDER_SPELLINGS)('refuses create_order from another site at %s, creating nothing', async (url) => {
    const before = await ordersOf(ada.id);
    const res = await post(url, ada.session, buyBody(10), FOREIGN);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect(await ordersOf(ada.id)).toBe(before);
  });

  it.each(['/%61pi/admin/orders/{id}/transition', '/api/%61dmin/orders/{id}/transition', '//api/admin/orders/{id}/transition', '/api/admin/orders/{id}/%74ransition'])(
    'refuses an admin transition from another site at %s, leaving the order as it was',
    async (pattern) => {
      const order = created(await post('/api/order/create_order', ada.session, buyBody(5), {}));
      expect((await successOrder(ctx.app, ada.session, order.orderId)).statusCode).toBe(200);
      const res = await post(pattern.replace('{id}', order.orderId), admin.session, { toStatus: 'Approved', reason: 'Looks paid to me' }, FOREIGN);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(REFUSED);
      expect(await statusOf(ctx.database.db, order.orderId)).toBe('PaymentSent');
    },
  );

  it('still takes the same requests from the site itself and from clients that send no Origin (payment webhooks)', async () => {
    const before = await ordersOf(ada.id);
    const own = await post('/%61pi/order/create_order', ada.session, buyBody(3), { origin: 'http://localhost:3000' });
    expect(own.statusCode).toBe(201);
    const none = await post('/api/order/create_order', ada.session, buyBody(4), {});
    expect(none.statusCode).toBe(201);
    expect(await ordersOf(ada.id)).toBe(before + 2);
  });
});
