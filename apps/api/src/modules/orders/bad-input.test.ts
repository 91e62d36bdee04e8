import { ORDER_MESSAGES } from '@landunits/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { IDEMPOTENCY_MESSAGES } from '../../platform/http/idempotency';
import { createTestApp, type TestContext } from '../../test/app';
import { INSUFFICIENT_UNITS_MESSAGE } from '../ledger';
import { createOrder, giveUnits, signUp, type TestUser } from './test/fixtures';
import {
  buyBody,
  CANCEL_FUTURE_TRANSFER,
  CANCEL_ORDER,
  created,
  expectReconciled,
  ledgerSnapshot,
  makeAdmin,
  postJson,
  scheduleBody,
  setVerification,
  SUCCESS_ORDER,
  successOrder,
  transition,
  transitionUrl,
  type TestAdmin,
} from './test/lifecycle';

// Every order call with bad input: 4xx with a clear message, and the ledger (every balance, every
// entry), the orders, their history and the holding costs exactly as they were.
const clock = new ManualClock(new Date('2026-01-15T10:00:00Z'));
let ctx: TestContext;
let admin: TestAdmin;
let ada: TestUser;
let bob: TestUser;
let eve: TestUser;
/** Orders to aim the actions at: Ada's own and Eve's. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  ada = await signUp(ctx.app, 'ada.bad@example.com', 'Ada', 'Lovelace');
  bob = await signUp(ctx.app, 'bob.bad@example.com', 'Bob', 'Babbage');
  eve = await signUp(ctx.app, 'eve.bad@example.com', 'Eve', 'Stranger');
  admin = await makeAdmin(ctx.app, ctx.database.db, 'admin.bad@example.com');
  for (const user of [ada, eve]) {
    await setVerification(ctx.database.db, user.id);
    await giveUnits(ctx.database.db, user.id, 1_000);
    await giveUnits(ctx.database.db, user.id, 1_000, 'LAND_USD');
  }
  ids.adaBuy = created(await createOrder(ctx.app, ada.session, buyBody(10))).orderId;
  ids.adaScheduled = created(await createOrder(ctx.app, ada.session, scheduleBody(bob.email, 5, '2026-01-20'))).orderId;
  ids.eveBuy = created(await createOrder(ctx.app, eve.session, buyBody(10))).orderId;
  ids.eveScheduled = created(await createOrder(ctx.app, eve.session, scheduleBody(bob.email, 5, '2026-01-20'))).orderId;
  ids.evePaid = created(await createOrder(ctx.app, eve.session, buyBody(10))).orderId;
  expect((await successOrder(ctx.app, eve.session, ids.evePaid)).statusCode).toBe(200);
});
afterAll(() => ctx.close());
afterEach(async () => {
  await expectReconciled(ctx.database.db, clock.now());
});

const db = () => ctx.database.db;
const id = (name: string) => ids[name] as string;

/** Sends the request and checks the answer and that nothing was written. */
async function refused(send: () => Promise<{ statusCode: number; body: string; json(): unknown }>, status: number, body: unknown) {
  const before = await ledgerSnapshot(db());
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual(body);
  expect(await ledgerSnapshot(db())).toEqual(before);
}

const invalid = (errors: Record<string, string>) => ({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors });

// ── create_order ────────────────────────────────────────────────────────────────────────────

/** The raw JSON of a create_order body of each type, with `units` written as given. */
const BODIES: Record<string, (units: string) => string> = {
  BUY: (u) => `{"orderType":"BUY","currencyUnit":{"numberOfUnits":${u}},"paymentDetails":{"paymentMethod":"Bank"}}`,
  SELL: (u) => `{"orderType":"SELL","currencyUnit":{"numberOfUnits":${u}}}`,
  TRANSFER: (u) => `{"orderType":"TRANSFER","currencyUnit":{"numberOfUnits":${u}},"transfer":{"recipientEmail":"bob.bad@example.com"}}`,
  TRANSFER_FUTURE: (u) => `{"orderType":"TRANSFER_FUTURE","currencyUnit":{"numberOfUnits":${u}},"transfer":{"recipientEmail":"bob.bad@example.com","scheduledDate":"2026-01-16"}}`,
  CONVERT: (u) => `{"orderType":"CONVERT","currencyUnit":{"numberOfUnits":${u}},"convert":{"unitType":"LAND_USD"}}`,
};
const TYPES = Object.keys(BODIES);

const UNITS: [string, string][] = [
  ['-1', ORDER_MESSAGES.unitsMin],
  ['0', ORDER_MESSAGES.unitsMin],
  ['-0', ORDER_MESSAGES.unitsMin],
  ['1.5', ORDER_MESSAGES.unitsWhole],
  ['0.999999999', ORDER_MESSAGES.unitsWhole],
  ['9007199254740993', ORDER_MESSAGES.unitsWhole], // 2^53+1: read as 2^53, not a safe integer
  ['1e309', ORDER_MESSAGES.unitsRequired], // a JSON number that reads as Infinity
  ['"1e309"', ORDER_MESSAGES.unitsRequired],
  ['"NaN"', ORDER_MESSAGES.unitsRequired],
  ['"5"', ORDER_MESSAGES.unitsRequired],
  ['null', ORDER_MESSAGES.unitsRequired],
  ['true', ORDER_MESSAGES.unitsRequired],
  ['[5]', ORDER_MESSAGES.unitsRequired],
  ['{"value":5}', ORDER_MESSAGES.unitsRequired],
];

describe('create_order: numberOfUnits', () => {
  const cases = TYPES.flatMap((type) => UNITS.map(([units, message]) => [type, units, message] as const));
  it.each(cases)('%s with numberOfUnits %s → 400', async (type, units, message) => {
    await refused(() => createOrder(ctx.app, ada.session, (BODIES[type] as (u: string) => string)(units)), 400, invalid({ numberOfUnits: message }));
  });

  it.each([
    ['BUY', { message: 'Your current purchase limit is £100,000.00, This purchase plus any existing unapproved purchases exceed that limit.', code: 'LIMIT_EXCEEDED' }, true],
    ['SELL', { message: INSUFFICIENT_UNITS_MESSAGE, code: 'INSUFFICIENT_UNITS' }, false],
    ['TRANSFER', { message: INSUFFICIENT_UNITS_MESSAGE, code: 'INSUFFICIENT_UNITS' }, false],
    ['TRANSFER_FUTURE', { message: INSUFFICIENT_UNITS_MESSAGE, code: 'INSUFFICIENT_UNITS' }, false],
    // 1,000 given less the 5 of her scheduled transfer.
    ['CONVERT', { message: 'You can only convert up to 995 units', code: 'INSUFFICIENT_UNITS' }, true],
  ] as const)('%s of 2^53−1 Units (valid, but more than anyone has) → 409, never 5xx', async (type, { message, code }, onField) => {
    const body = (BODIES[type] as (u: string) => string)(String(Number.MAX_SAFE_INTEGER));
    await refused(() => createOrder(ctx.app, ada.session, body), 409, { message, code, ...(onField ? { errors: { numberOfUnits: message } } : {}) });
  });
});

describe('create_order: other fields', () => {
  it.each(TYPES)('%s with an unknown unit type → 400', async (type) => {
    const body = (BODIES[type] as (u: string) => string)('5').replace('"currencyUnit":{', '"currencyUnit":{"unitType":"LAND_YEN",');
    await refused(() => createOrder(ctx.app, ada.session, body), 400, invalid({ unitType: ORDER_MESSAGES.unitType }));
  });

  it.each(TYPES)('%s with a unit type in the wrong case → 400', async (type) => {
    const body = (BODIES[type] as (u: string) => string)('5').replace('"currencyUnit":{', '"currencyUnit":{"unitType":"land_pound",');
    await refused(() => createOrder(ctx.app, ada.session, body), 400, invalid({ unitType: ORDER_MESSAGES.unitType }));
  });

  it.each(TYPES)('%s trying to set its status, price or owner → 400', async (type) => {
    const body = JSON.parse((BODIES[type] as (u: string) => string)('5')) as Record<string, unknown>;
    await refused(
      () => createOrder(ctx.app, ada.session, { ...body, orderStatus: 'Completed', userId: eve.id }),
      400,
      invalid({ orderStatus: ORDER_MESSAGES.notSettable, userId: ORDER_MESSAGES.notSettable }),
    );
  });

  it.each([
    ['an unknown payment method', { paymentMethod: 'Cash' }, ORDER_MESSAGES.paymentMethod],
    ['no payment method', {}, ORDER_MESSAGES.paymentMethod],
    ['None', { paymentMethod: 'None' }, ORDER_MESSAGES.paymentMethod],
  ])('BUY with %s → 400', async (_name, paymentDetails, message) => {
    await refused(() => createOrder(ctx.app, ada.session, { ...buyBody(5), paymentDetails }), 400, invalid({ paymentMethod: message }));
  });

  it.each([
    ['crypto without a coin', { paymentMethod: 'Crypto' }, { cryptoType: ORDER_MESSAGES.cryptoKind }],
    ['an unknown coin', { paymentMethod: 'Crypto', cryptoType: 'DOGE' }, { cryptoType: ORDER_MESSAGES.cryptoKind }],
    ['a coin with a bank payment', { paymentMethod: 'Bank', cryptoType: 'BITCOIN' }, { cryptoType: ORDER_MESSAGES.cryptoKindOnlyForCrypto }],
    ['a total set by the browser', { paymentMethod: 'Bank', paymentAmount: 1 }, { 'paymentDetails.paymentAmount': ORDER_MESSAGES.notSettable }],
  ])('BUY with %s → 400', async (_name, paymentDetails, errors) => {
    await refused(() => createOrder(ctx.app, ada.session, { ...buyBody(5), paymentDetails }), 400, invalid(errors));
  });

  it.each([
    ['a malformed code', { referenceCode: 'no spaces!' }, { referenceCode: ORDER_MESSAGES.referenceCodeFormat }],
    ['an unknown code', { referenceCode: 'NOSUCHCODE' }, { referenceCode: 'This code does not exist.' }],
    ['a field of its own', { discount: 100 }, { 'buy.discount': ORDER_MESSAGES.notSettable }],
  ])('BUY with %s → 400', async (_name, buy, errors) => {
    await refused(() => createOrder(ctx.app, ada.session, { ...buyBody(5), buy }), 400, invalid(errors));
  });

  it.each(['GIFT', 'buy', '', null])('an unknown order type %j → 400', async (orderType) => {
    await refused(() => createOrder(ctx.app, ada.session, { ...buyBody(5), orderType }), 400, invalid({ orderType: ORDER_MESSAGES.orderType }));
  });

  it.each([
    ['today', '2026-01-15', ORDER_MESSAGES.scheduledDateTooSoon],
    ['yesterday', '2026-01-14', ORDER_MESSAGES.scheduledDateTooSoon],
    ['the epoch', '1970-01-01', ORDER_MESSAGES.scheduledDateTooSoon],
    ['too far', '2027-01-17', ORDER_MESSAGES.scheduledDateTooFar],
    ['not a date', '2026-1-16', ORDER_MESSAGES.scheduledDateFormat],
    ['not a string', 20260116, ORDER_MESSAGES.scheduledDateRequired],
  ])('TRANSFER_FUTURE on %s → 400', async (_name, scheduledDate, message) => {
    await refused(() => createOrder(ctx.app, ada.session, scheduleBody(bob.email, 5, scheduledDate as string)), 400, invalid({ scheduledDate: message }));
  });

  it.each(['TRANSFER', 'TRANSFER_FUTURE'])('%s to yourself or to nobody → 400', async (type) => {
    for (const [email, message] of [
      ['ada.bad@example.com', ORDER_MESSAGES.selfTransfer],
      [' Ada.Bad@Example.com ', ORDER_MESSAGES.selfTransfer],
      ['nobody.bad@example.com', ORDER_MESSAGES.noSuchRecipient],
    ] as const) {
      const body = JSON.parse((BODIES[type] as (u: string) => string)('5')) as { transfer: Record<string, unknown> };
      body.transfer.recipientEmail = email;
      await refused(() => createOrder(ctx.app, ada.session, body), 400, invalid({ recipientEmail: message }));
    }
  });

  it('CONVERT to the same unit type → 400', async () => {
    await refused(
      () => createOrder(ctx.app, ada.session, { orderType: 'CONVERT', currencyUnit: { unitType: 'LAND_USD', numberOfUnits: 5 }, convert: { unitType: 'LAND_USD' } }),
      400,
      invalid({ convertUnitType: ORDER_MESSAGES.convertSameType }),
    );
  });

  it('a signed-out visitor → 401 for every type', async () => {
    for (const type of TYPES) {
      await refused(() => createOrder(ctx.app, undefined, (BODIES[type] as (u: string) => string)('5')), 401, expect.objectContaining({ code: 'UNAUTHORIZED' }));
    }
  });

  it('no Idempotency-Key → 400 for every type', async () => {
    for (const type of TYPES) {
      await refused(() => createOrder(ctx.app, ada.session, (BODIES[type] as (u: string) => string)('5'), null), 400, { message: IDEMPOTENCY_MESSAGES.missing, code: 'IDEMPOTENCY_KEY_MISSING' });
    }
  });
});

// ── success_order, cancel_order, cancel-future-transfer ─────────────────────────────────────

const NOT_FOUND = { message: ORDER_MESSAGES.orderNotFound, code: 'NOT_FOUND' };
const ACTIONS: [string, string, string][] = [
  // path, one of Ada's orders it applies to, one of Eve's
  [SUCCESS_ORDER, 'adaBuy', 'eveBuy'],
  [CANCEL_ORDER, 'adaBuy', 'eveBuy'],
  [CANCEL_FUTURE_TRANSFER, 'adaScheduled', 'eveScheduled'],
];

describe.each(ACTIONS)('POST %s with bad input', (path, own, others) => {
  const post = (body: unknown, key?: string | null) => postJson(ctx.app, ada.session, path, body, key);

  it('someone else’s order → 404, the same answer as an order that does not exist', async () => {
    await refused(() => post({ orderId: id(others) }), 404, NOT_FOUND);
    await refused(() => post({ orderId: '01ARYZ6S41TSV4RRFFQ69G5FAV' }), 404, NOT_FOUND);
  });

  it.each([["1' or '1'='1"], ['not-an-order-id'], ['01arz3ndektsv4rrffq69g5fav'], ['81ARYZ6S41TSV4RRFFQ69G5FAV'], ['01ARYZ6S41TSV4RRFFQ69G5FA'], ['%00'], ['x'.repeat(64)]])(
    'a malformed order id %j → 404',
    async (orderId) => {
      await refused(() => post({ orderId }), 404, NOT_FOUND);
    },
  );

  it('the right order id in the wrong case or with spaces → 404', async () => {
    await refused(() => post({ orderId: id(own).toLowerCase() }), 404, NOT_FOUND);
    await refused(() => post({ orderId: ` ${id(own)}` }), 404, NOT_FOUND);
  });

  it.each([
    ['missing', {}, { orderId: ORDER_MESSAGES.orderIdRequired }],
    ['empty', { orderId: '' }, { orderId: ORDER_MESSAGES.orderIdRequired }],
    ['a number', { orderId: 123 }, { orderId: ORDER_MESSAGES.orderIdRequired }],
    ['null', { orderId: null }, { orderId: ORDER_MESSAGES.orderIdRequired }],
    ['a list', { orderId: ['01ARYZ6S41TSV4RRFFQ69G5FAV'] }, { orderId: ORDER_MESSAGES.orderIdRequired }],
    ['too long', { orderId: 'A'.repeat(65) }, { orderId: ORDER_MESSAGES.orderNotFound }],
  ])('an order id that is %s → 400', async (_name, body, errors) => {
    await refused(() => post(body), 400, invalid(errors));
  });

  it('a body that is not an object → 400', async () => {
    for (const raw of ['null', '[]', '"01ARYZ6S41TSV4RRFFQ69G5FAV"', '7']) {
      await refused(() => post(raw), 400, expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    }
    const broken = await post('{"orderId":');
    expect(broken.statusCode).toBe(400);
  });

  it('a body that tries to set anything besides the order id → 400, and the order stays as it is', async () => {
    for (const [extra, message] of [
      [{ orderStatus: 'Approved' }, 'Unrecognized key: "orderStatus"'],
      [{ numberOfUnits: 1 }, 'Unrecognized key: "numberOfUnits"'],
      [{ userId: eve.id, orderId: id(own) }, 'Unrecognized key: "userId"'],
    ] as const) {
      await refused(() => post({ orderId: id(own), ...extra }), 400, invalid({ _: message }));
    }
  });

  it('no session → 401; no Idempotency-Key → 400', async () => {
    await refused(() => postJson(ctx.app, undefined, path, { orderId: id(own) }), 401, expect.objectContaining({ code: 'UNAUTHORIZED' }));
    await refused(() => post({ orderId: id(own) }, null), 400, { message: IDEMPOTENCY_MESSAGES.missing, code: 'IDEMPOTENCY_KEY_MISSING' });
  });
});

// ── Admin transition ────────────────────────────────────────────────────────────────────────

describe('POST /api/admin/orders/{id}/transition with bad input', () => {
  it.each([['01ARYZ6S41TSV4RRFFQ69G5FAV'], ["1' or '1'='1"], ['../../orders'], ['lowercase']])('order id %j → 404', async (orderId) => {
    await refused(() => transition(ctx.app, admin.session, orderId, { toStatus: 'Approved', reason: 'Paid in full' }), 404, NOT_FOUND);
  });

  it('the right order id in lower case → 404', async () => {
    await refused(() => transition(ctx.app, admin.session, id('evePaid').toLowerCase(), { toStatus: 'Approved', reason: 'Paid in full' }), 404, NOT_FOUND);
  });

  it('an order id longer than 64 characters → 400', async () => {
    await refused(() => postJson(ctx.app, admin.session, transitionUrl('A'.repeat(65)), { toStatus: 'Approved', reason: 'Paid' }), 400, expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it.each([
    [{ toStatus: 'Paid', reason: 'Paid in full' }, { toStatus: ORDER_MESSAGES.adminStatus }],
    [{ toStatus: 'approved', reason: 'Paid in full' }, { toStatus: ORDER_MESSAGES.adminStatus }],
    [{ toStatus: null, reason: 'Paid in full' }, { toStatus: ORDER_MESSAGES.adminStatus }],
    [{ toStatus: 'Approved', reason: '' }, { reason: ORDER_MESSAGES.reasonRequired }],
    [{ toStatus: 'Approved', reason: null }, { reason: ORDER_MESSAGES.reasonRequired }],
    [{ toStatus: 'Approved', reason: 'y'.repeat(501) }, { reason: ORDER_MESSAGES.reasonTooLong }],
  ])('body %j → 400', async (body, errors) => {
    await refused(() => transition(ctx.app, admin.session, id('evePaid'), body), 400, invalid(errors));
  });

  it('a body that is not an object → 400', async () => {
    for (const raw of ['null', '[]', '"Approved"']) {
      await refused(() => transition(ctx.app, admin.session, id('evePaid'), raw), 400, expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    }
  });

  it('a transition the order’s flow does not allow → 409', async () => {
    await refused(() => transition(ctx.app, admin.session, id('adaBuy'), { toStatus: 'Approved', reason: 'Paid in full' }), 409, {
      message: 'This order is Initiated; it cannot become Completed.',
      code: 'TRANSITION_REFUSED',
    });
    await refused(() => transition(ctx.app, admin.session, id('adaScheduled'), { toStatus: 'Completed', reason: 'Sent it' }), 409, {
      message: 'This order is Transfer Queued; it cannot become Completed.',
      code: 'TRANSITION_REFUSED',
    });
  });

  it('a person who is not an admin → 403; signed out → 401', async () => {
    await refused(() => transition(ctx.app, eve.session, id('evePaid'), { toStatus: 'Approved', reason: 'My own order' }), 403, { message: 'Only administrators can do this.', code: 'FORBIDDEN' });
    await refused(() => transition(ctx.app, undefined, id('evePaid'), { toStatus: 'Approved', reason: 'My own order' }), 401, expect.objectContaining({ code: 'UNAUTHORIZED' }));
  });
});
