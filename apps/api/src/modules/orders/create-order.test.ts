import { DEFAULT_MONEY_SETTINGS, ORDER_MESSAGES, priceOn as priceOnDay, type UnitType } from '@landunits/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client';
import { orders, orderStatusHistory } from '../../schema';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { IDEMPOTENCY_MESSAGES } from '../../platform/http/idempotency';
import { register } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { INSUFFICIENT_UNITS_MESSAGE, reconcile } from '../ledger';
import { ORDER_ID_PATTERN } from './order-ids';
import { createOrder, giveUnits, newKey, ownedUnits, signUp, transferBody, type TestUser } from './test/fixtures';

let ctx: TestContext;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  ada = await signUp(ctx.app, 'ada.create@example.com', 'Ada', 'Lovelace');
  bob = await signUp(ctx.app, 'bob.create@example.com', 'Bob', 'Babbage');
  await giveUnits(ctx.database.db, ada.id, 1_000);
});
afterAll(() => ctx.close());
afterEach(async () => {
  expect(await reconcile(ctx.database.db)).toEqual([]);
});

const db = () => ctx.database.db;
/** Today's price of a unit type with the default settings, on the day of an ISO instant (this file runs on the real clock). */
const priceOn = (instant: string, unitType: UnitType) => priceOnDay(unitType, new Date(instant), DEFAULT_MONEY_SETTINGS);
const orderCount = async () => (await queryRows<{ n: string | number }>(db(), sql`select count(*) as n from orders`)).map((r) => Number(r.n))[0];
const keyCount = async () => (await queryRows<{ n: string | number }>(db(), sql`select count(*) as n from idempotency_keys`)).map((r) => Number(r.n))[0];

describe('POST /api/order/create_order: TRANSFER', () => {
  it('moves Units from the sender to the recipient and answers 201 with the order', async () => {
    const [adaBefore, bobBefore] = [await ownedUnits(db(), ada.id), await ownedUnits(db(), bob.id)];
    const res = await createOrder(ctx.app, ada.session, transferBody('Bob.Create@Example.com', 7));
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    const createdAt = body.orderCreatedData.createdAt as string;
    expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(body).toEqual({
      orderCreatedData: {
        orderId: expect.stringMatching(ORDER_ID_PATTERN),
        orderType: 'TRANSFER',
        orderStatus: 'Completed',
        statusLabel: 'Completed',
        statusColour: 'green',
        direction: 'SENT',
        paymentMethod: 'None',
        currencyUnit: {
          unitType: 'LAND_POUND',
          numberOfUnits: 7,
          pricePerUnit: priceOn(createdAt, 'LAND_POUND'),
          buyOrderTransactionFeeInCents: 100,
          sellOrderTransactionFeeInUnits: 10,
          convertOrderTransactionFeeInUnits: 0,
          isDoubleLand: false,
        },
        paymentDetails: null,
        buy: null,
        sell: null,
        transfer: { recipientEmail: 'bob.create@example.com', scheduledDate: null },
        convert: null,
        counterpartyEmail: 'bob.create@example.com',
        counterpartyName: 'Bob B.',
        createdAt,
        updatedAt: createdAt,
      },
    });
    expect(await ownedUnits(db(), ada.id)).toBe(adaBefore - 7n);
    expect(await ownedUnits(db(), bob.id)).toBe(bobBefore + 7n);

    const orderId = body.orderCreatedData.orderId as string;
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ userId: ada.id, recipientUserId: bob.id, orderType: 'TRANSFER', orderStatus: 'Completed', paymentMethod: 'None', numberOfUnits: 7 });
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'Completed', actor: `user:${ada.id}`, reason: null })]);
    const entries = await queryRows<{ units: string | number }>(db(), sql`select units from ledger_entries where order_id = ${orderId}`);
    expect(entries.map((e) => Number(e.units))).toEqual([7]);
  });

  it('moves the unit type asked for and keeps the marketing metadata with the order', async () => {
    await giveUnits(db(), ada.id, 5, 'LAND_EUR');
    const meta = { hutk: 'abc', pageUri: 'https://landunits.example/dashboard/transaction', utmParams: { utm_source: 'news' } };
    const res = await createOrder(ctx.app, ada.session, { ...transferBody(bob.email, 5, 'LAND_EUR'), hubspotMetaData: meta });
    expect(res.statusCode).toBe(201);
    expect(res.json().orderCreatedData.currencyUnit).toEqual({
      unitType: 'LAND_EUR',
      numberOfUnits: 5,
      pricePerUnit: priceOn(res.json().orderCreatedData.createdAt, 'LAND_EUR'),
      buyOrderTransactionFeeInCents: 100,
      sellOrderTransactionFeeInUnits: 10,
      convertOrderTransactionFeeInUnits: 0,
      isDoubleLand: false,
    });
    expect(await ownedUnits(db(), ada.id, 'LAND_EUR')).toBe(0n);
    expect(await ownedUnits(db(), bob.id, 'LAND_EUR')).toBe(5n);
    const [row] = await db().select().from(orders).where(eq(orders.id, res.json().orderCreatedData.orderId));
    expect(row?.meta).toEqual(meta);
  });

  it('gives ids that sort by creation', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createOrder(ctx.app, ada.session, transferBody(bob.email, 1))).json().orderCreatedData.orderId);
    expect([...ids].sort()).toEqual(ids);
  });

  it('refuses a sender without enough Units with 409 and writes nothing, so the key can be used again', async () => {
    const carol = await signUp(ctx.app, 'carol.create@example.com', 'Carol', 'Shaw');
    const [orderBefore, keysBefore] = [await orderCount(), await keyCount()];
    const key = newKey();
    const res = await createOrder(ctx.app, carol.session, transferBody(bob.email, 3), key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: INSUFFICIENT_UNITS_MESSAGE, code: 'INSUFFICIENT_UNITS' });
    expect(await orderCount()).toBe(orderBefore);
    expect(await keyCount()).toBe(keysBefore);
    expect(await ownedUnits(db(), carol.id)).toBe(0n);

    await giveUnits(db(), carol.id, 3);
    const retry = await createOrder(ctx.app, carol.session, transferBody(bob.email, 3), key);
    expect(retry.statusCode).toBe(201);
    expect(await ownedUnits(db(), carol.id)).toBe(0n);
  });

  it('asks a signed-out visitor to log in', async () => {
    const res = await createOrder(ctx.app, undefined, transferBody(bob.email, 1));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('recipients', () => {
  const refused = async (email: string, message: string) => {
    const before = await ownedUnits(db(), ada.id);
    const res = await createOrder(ctx.app, ada.session, transferBody(email, 1));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors: { recipientEmail: message } });
    expect(await ownedUnits(db(), ada.id)).toBe(before);
  };

  it('refuses an email nobody registered', () => refused('nobody.create@example.com', ORDER_MESSAGES.noSuchRecipient));

  it('refuses an account that was never confirmed, with the same answer', async () => {
    const res = await register(ctx.app, { email: 'pending.create@example.com', firstName: 'Pat', lastName: 'Pending', password: 'garden42', userType: 'USER' });
    expect(res.statusCode).toBe(200);
    await refused('pending.create@example.com', ORDER_MESSAGES.noSuchRecipient);
  });

  it('refuses a transfer to yourself, whatever the case of the address', () => refused('ADA.create@example.com', ORDER_MESSAGES.selfTransfer));

  it('checks the address format first', () => refused('not-an-email', 'Enter a valid email address.'));
});

describe('validation', () => {
  const expectErrors = async (body: unknown, errors: Record<string, string>) => {
    const before = await ownedUnits(db(), ada.id);
    const res = await createOrder(ctx.app, ada.session, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors });
    expect(await ownedUnits(db(), ada.id)).toBe(before);
  };

  it.each([
    ['-1', -1, ORDER_MESSAGES.unitsMin],
    ['0', 0, ORDER_MESSAGES.unitsMin],
    ['1.5', 1.5, ORDER_MESSAGES.unitsWhole],
    ['2^53+2', 2 ** 53 + 2, ORDER_MESSAGES.unitsWhole],
    ['"1e309"', '1e309', ORDER_MESSAGES.unitsRequired],
    ['"NaN"', 'NaN', ORDER_MESSAGES.unitsRequired],
    ['"5"', '5', ORDER_MESSAGES.unitsRequired],
    ['null', null, ORDER_MESSAGES.unitsRequired],
  ])('refuses numberOfUnits %s', async (_name, value, message) => {
    await expectErrors({ orderType: 'TRANSFER', currencyUnit: { numberOfUnits: value }, transfer: { recipientEmail: bob.email } }, { numberOfUnits: message });
  });

  it.each([
    ['1e309', ORDER_MESSAGES.unitsRequired], // parses as Infinity
    ['9007199254740993', ORDER_MESSAGES.unitsWhole], // 2^53+1 parses as 2^53, not a safe integer
  ])('refuses the raw JSON number %s', async (raw, message) => {
    await expectErrors(`{"orderType":"TRANSFER","currencyUnit":{"numberOfUnits":${raw}},"transfer":{"recipientEmail":"${bob.email}"}}`, {
      numberOfUnits: message,
    });
  });

  it('names every missing field', async () => {
    await expectErrors({ orderType: 'TRANSFER' }, { numberOfUnits: ORDER_MESSAGES.unitsRequired, recipientEmail: 'Email is Required' });
  });

  it('refuses an unknown unit type', async () => {
    await expectErrors(transferBody(bob.email, 1, 'LAND_YEN' as never), { unitType: ORDER_MESSAGES.unitType });
  });

  it('refuses an unknown order type', async () => {
    await expectErrors({ ...transferBody(bob.email, 1), orderType: 'GIFT' }, { orderType: ORDER_MESSAGES.orderType });
  });

  it('refuses a body that tries to set the status, the owner or a price, and changes nothing', async () => {
    const carol = await signUp(ctx.app, 'carol.owner@example.com', 'Carol', 'Owner');
    await giveUnits(db(), carol.id, 10);
    const [orderBefore, adaBefore, carolBefore] = [await orderCount(), await ownedUnits(db(), ada.id), await ownedUnits(db(), carol.id)];
    // Ada tries to spend Carol's Units, or to choose her order's status.
    const attempts: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...transferBody(bob.email, 1), orderStatus: 'Approved' }, { orderStatus: ORDER_MESSAGES.notSettable }],
      [{ ...transferBody(bob.email, 1), userId: carol.id }, { userId: ORDER_MESSAGES.notSettable }],
      [{ ...transferBody(bob.email, 1), orderId: '01JAAAAAAAAAAAAAAAAAAAAAAA' }, { orderId: ORDER_MESSAGES.notSettable }],
      [
        { orderType: 'TRANSFER', currencyUnit: { numberOfUnits: 1, pricePerUnit: '0.000001' }, transfer: { recipientEmail: bob.email, senderEmail: carol.email } },
        { 'currencyUnit.pricePerUnit': ORDER_MESSAGES.notSettable, 'transfer.senderEmail': ORDER_MESSAGES.notSettable },
      ],
      [{ ...transferBody(bob.email, 1), paymentDetails: { paymentAmount: 0 } }, { paymentDetails: ORDER_MESSAGES.notSettable }],
    ];
    for (const [body, errors] of attempts) await expectErrors(body, errors);
    expect(await orderCount()).toBe(orderBefore);
    expect(await ownedUnits(db(), ada.id)).toBe(adaBefore);
    expect(await ownedUnits(db(), carol.id)).toBe(carolBefore);
  });

  it('names the field when a group is not an object', async () => {
    await expectErrors({ orderType: 'TRANSFER', currencyUnit: 7, transfer: 'bob' }, { numberOfUnits: ORDER_MESSAGES.unitsRequired, recipientEmail: 'Email is Required' });
  });

  it('refuses a body that is not JSON or not an object', async () => {
    expect((await createOrder(ctx.app, ada.session, '{"orderType":')).statusCode).toBe(400);
    for (const raw of ['[1,2]', 'null', '"TRANSFER"']) {
      const res = await createOrder(ctx.app, ada.session, raw);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ _: ORDER_MESSAGES.notAnOrder });
    }
  });
});

describe('idempotency', () => {
  it('requires an Idempotency-Key header', async () => {
    const before = await ownedUnits(db(), ada.id);
    const res = await createOrder(ctx.app, ada.session, transferBody(bob.email, 1), null);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.missing, code: 'IDEMPOTENCY_KEY_MISSING' });
    expect(await ownedUnits(db(), ada.id)).toBe(before);
  });

  it('answers a repeated key with the first order, byte for byte, and moves the Units once', async () => {
    const key = newKey();
    const before = await ownedUnits(db(), ada.id);
    const first = await createOrder(ctx.app, ada.session, transferBody(bob.email, 4), key);
    const again = await createOrder(ctx.app, ada.session, transferBody(bob.email, 4), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await ownedUnits(db(), ada.id)).toBe(before - 4n);
  });

  it('replays the first answer even when the same request would now be refused', async () => {
    const dan = await signUp(ctx.app, 'dan.replay@example.com', 'Dan', 'Replay');
    await giveUnits(db(), dan.id, 2);
    const key = newKey();
    const first = await createOrder(ctx.app, dan.session, transferBody(bob.email, 2), key);
    const again = await createOrder(ctx.app, dan.session, transferBody(bob.email, 2), key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.body).toBe(first.body);
  });

  it('refuses the same key with a different body with 409 and changes nothing', async () => {
    const key = newKey();
    expect((await createOrder(ctx.app, ada.session, transferBody(bob.email, 1), key)).statusCode).toBe(201);
    const before = [await orderCount(), await ownedUnits(db(), ada.id)];
    const res = await createOrder(ctx.app, ada.session, transferBody(bob.email, 2), key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.reused, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect([await orderCount(), await ownedUnits(db(), ada.id)]).toEqual(before);
  });

  it('keeps keys per person: two people may use the same key', async () => {
    const key = newKey();
    await giveUnits(db(), bob.id, 1);
    const a = await createOrder(ctx.app, ada.session, transferBody(bob.email, 1), key);
    const b = await createOrder(ctx.app, bob.session, transferBody(ada.email, 1), key);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().orderCreatedData.orderId).not.toBe(b.json().orderCreatedData.orderId);
  });

  it('turns 50 concurrent transfer submissions with one key into one order', async () => {
    const key = newKey();
    const [ordersBefore, before] = [await orderCount(), await ownedUnits(db(), ada.id)];
    const answers = await Promise.all(Array.from({ length: 50 }, () => createOrder(ctx.app, ada.session, transferBody(bob.email, 1), key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await orderCount()).toBe((ordersBefore ?? 0) + 1);
    expect(await ownedUnits(db(), ada.id)).toBe(before - 1n);
  });
});
