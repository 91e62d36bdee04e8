import { DEFAULT_MONEY_SETTINGS, ORDER_MESSAGES, priceOn } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, staffLogin } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { createAdmin } from '../users';
import { createOrder, getJson, giveUnits, signUp, transferBody, type TestUser } from './test/fixtures';

let ctx: TestContext;
let ada: TestUser;
let bob: TestUser;
let eve: TestUser;
let adminSession: string;
let orderId: string;
let createdAt: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ada = await signUp(ctx.app, 'ada.details@example.com', 'Ada', 'Lovelace');
  bob = await signUp(ctx.app, 'bob.details@example.com', 'Bob', 'Babbage');
  eve = await signUp(ctx.app, 'eve.details@example.com', 'Eve', 'Stranger');
  await createAdmin(ctx.database.db, { email: 'admin.details@example.com', password: PASSWORD });
  adminSession = await staffLogin(ctx.app, 'admin.details@example.com');
  await giveUnits(ctx.database.db, ada.id, 20);
  const res = await createOrder(ctx.app, ada.session, transferBody(bob.email, 12));
  expect(res.statusCode).toBe(201);
  ({ orderId, createdAt } = res.json().orderCreatedData);
});
afterAll(() => ctx.close());

const details = (session: string | undefined, id = orderId) => getJson(ctx.app, session, `/api/order/get_order_details/${encodeURIComponent(id)}`);
const NOT_FOUND = { message: ORDER_MESSAGES.orderNotFound, code: 'NOT_FOUND' };

describe('GET /api/order/get_order_details/:id', () => {
  it('shows the sender the order as SENT, with its history', async () => {
    const res = await details(ada.session);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      orderData: {
        orderId,
        orderType: 'TRANSFER',
        orderStatus: 'Completed',
        statusLabel: 'Completed',
        statusColour: 'green',
        direction: 'SENT',
        paymentMethod: 'None',
        paymentDetails: null,
        currencyUnit: {
          unitType: 'LAND_POUND',
          numberOfUnits: 12,
          pricePerUnit: priceOn('LAND_POUND', new Date(createdAt), DEFAULT_MONEY_SETTINGS),
          buyOrderTransactionFeeInCents: 100,
          sellOrderTransactionFeeInUnits: 10,
          convertOrderTransactionFeeInUnits: 0,
          isDoubleLand: false,
        },
        buy: null,
        sell: null,
        transfer: { recipientEmail: 'bob.details@example.com', scheduledDate: null },
        convert: null,
        counterpartyEmail: 'bob.details@example.com',
        counterpartyName: 'Bob B.',
        createdAt,
        updatedAt: createdAt,
        statusHistory: [{ fromStatus: null, toStatus: 'Completed', createdAt, reason: null }],
      },
    });
  });

  it('shows the recipient the order as RECEIVED, naming the sender only as "Ada L."', async () => {
    const res = await details(bob.session);
    expect(res.statusCode).toBe(200);
    const data = res.json().orderData;
    expect(data).toMatchObject({ orderId, direction: 'RECEIVED', counterpartyEmail: null, counterpartyName: 'Ada L.' });
    expect(data.statusHistory).toEqual([{ fromStatus: null, toStatus: 'Completed', createdAt }]);
    expect(JSON.stringify(data)).not.toContain('ada.details@example.com');
  });

  it('shows an admin every order, with who placed it and who moved it', async () => {
    const res = await details(adminSession);
    expect(res.statusCode).toBe(200);
    expect(res.json().orderData).toMatchObject({
      orderId,
      direction: null,
      placedBy: { userId: ada.id, email: 'ada.details@example.com' },
      recipientUserId: bob.id,
      statusHistory: [{ fromStatus: null, toStatus: 'Completed', createdAt, reason: null, actor: `user:${ada.id}` }],
    });
  });

  it('answers anyone else exactly as for an order that does not exist', async () => {
    const stranger = await details(eve.session);
    const unknown = await details(eve.session, '01ARYZ6S41TSV4RRFFQ69G5FAV');
    const malformed = await details(ada.session, "1' or '1'='1");
    for (const res of [stranger, unknown, malformed]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect(stranger.body).toBe(unknown.body);
  });

  it('asks a signed-out visitor to log in', async () => {
    expect((await details(undefined)).statusCode).toBe(401);
  });
});
