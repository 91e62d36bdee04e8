import { randomUUID } from 'node:crypto';
import { STATUS_DISPLAY, TRANSACTION_MESSAGES, TransactionsQuerySchema, type OrderStatus, type OrderType, type PaymentMethod, type TransactionsQuery, type UnitType } from '@landunits/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { orders, users } from '../../schema';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { createTestApp, type TestContext } from '../../test/app';
import { COUNT_AHEAD, getTransactions } from './get-transactions';
import { newOrderId } from './order-ids';
import { createOrder, getJson, giveUnits, signUp, transferBody, type TestUser } from './test/fixtures';

const clock = new ManualClock(new Date('2026-01-10T10:00:00Z'));
let ctx: TestContext;
let ada: TestUser;
let bob: TestUser;
let carol: TestUser;
const placed: Record<string, string> = {};

async function transferAt(at: string, from: TestUser, to: TestUser, units: number, unitType?: UnitType): Promise<string> {
  clock.set(at);
  const res = await createOrder(ctx.app, from.session, transferBody(to.email, units, unitType));
  expect(res.statusCode).toBe(201);
  return res.json().orderCreatedData.orderId as string;
}

/** An order of a type this slice cannot create yet, written straight to the table. */
async function insertOrder(userId: string, at: string, fields: { orderType: OrderType; orderStatus: OrderStatus; paymentMethod: PaymentMethod; numberOfUnits: number }) {
  const createdAt = new Date(at);
  const id = newOrderId(createdAt.getTime());
  await ctx.database.db.insert(orders).values({ id, userId, unitType: 'LAND_POUND', createdAt, updatedAt: createdAt, ...fields });
  return id;
}

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  ada = await signUp(ctx.app, 'ada.list@example.com', 'Ada', 'Lovelace');
  bob = await signUp(ctx.app, 'bob.list@example.com', 'Bob', 'babbage');
  carol = await signUp(ctx.app, 'carol.list@example.com', 'Carol', '');
  await giveUnits(ctx.database.db, ada.id, 100);
  await giveUnits(ctx.database.db, ada.id, 100, 'LAND_USD');
  await giveUnits(ctx.database.db, bob.id, 100);
  placed.five = await transferAt('2026-01-10T10:00:00Z', ada, bob, 5);
  placed.three = await transferAt('2026-01-12T23:59:59.999Z', bob, ada, 3);
  placed.ten = await transferAt('2026-01-13T00:00:00Z', ada, carol, 10, 'LAND_USD');
  placed.buy = await insertOrder(ada.id, '2026-01-14T08:00:00Z', { orderType: 'BUY', orderStatus: 'Initiated', paymentMethod: 'Bank', numberOfUnits: 50 });
  placed.one = await transferAt('2026-01-15T10:00:00Z', ada, bob, 1);
});
afterAll(() => ctx.close());

const list = (who: TestUser | undefined, query = '') => getJson(ctx.app, who?.session, `/api/order/getTransactions${query}`);
const ids = async (who: TestUser, query = '') => {
  const res = await list(who, query);
  expect(res.statusCode).toBe(200);
  return (res.json().transactions as { orderId: string }[]).map((t) => t.orderId);
};

describe('GET /api/order/getTransactions', () => {
  it('lists what a person sent and received, newest first, with the counterparty', async () => {
    const res = await list(ada);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: 20 });
    expect(body.transactions).toEqual([
      {
        orderId: placed.one,
        orderType: 'TRANSFER',
        orderStatus: 'Completed',
        statusLabel: 'Completed',
        statusColour: 'green',
        direction: 'SENT',
        paymentMethod: 'None',
        currencyUnit: {
          unitType: 'LAND_POUND',
          numberOfUnits: 1,
          // The price of 2026-01-15 (PRODUCT-DECISIONS §1 with the default settings).
          pricePerUnit: '1.077986',
          buyOrderTransactionFeeInCents: 100,
          sellOrderTransactionFeeInUnits: 10,
          convertOrderTransactionFeeInUnits: 0,
          isDoubleLand: false,
        },
        paymentDetails: null,
        buy: null,
        sell: null,
        transfer: { recipientEmail: 'bob.list@example.com', scheduledDate: null },
        convert: null,
        counterpartyEmail: 'bob.list@example.com',
        counterpartyName: 'Bob B.',
        createdAt: '2026-01-15T10:00:00.000Z',
        updatedAt: '2026-01-15T10:00:00.000Z',
      },
      expect.objectContaining({
        orderId: placed.buy,
        orderType: 'BUY',
        orderStatus: 'Initiated',
        statusLabel: 'Initiated',
        statusColour: 'grey',
        paymentMethod: 'Bank',
        counterpartyEmail: null,
        counterpartyName: null,
      }),
      expect.objectContaining({
        orderId: placed.ten,
        direction: 'SENT',
        currencyUnit: expect.objectContaining({ unitType: 'LAND_USD', numberOfUnits: 10 }),
        counterpartyEmail: 'carol.list@example.com',
        counterpartyName: 'Carol',
      }),
      // Ada received this from Bob: she sees his short name, never his email.
      expect.objectContaining({
        orderId: placed.three,
        direction: 'RECEIVED',
        currencyUnit: expect.objectContaining({ numberOfUnits: 3 }),
        transfer: { recipientEmail: null, scheduledDate: null },
        counterpartyEmail: null,
        counterpartyName: 'Bob B.',
        createdAt: '2026-01-12T23:59:59.999Z',
      }),
      expect.objectContaining({ orderId: placed.five, direction: 'SENT', currencyUnit: expect.objectContaining({ numberOfUnits: 5 }) }),
    ]);
    // The list leaves the history to the details call.
    for (const t of body.transactions) expect(t).not.toHaveProperty('statusHistory');
  });

  it('shows the recipient the transfers they received', async () => {
    const res = await list(bob);
    expect(res.json().total).toBe(3);
    expect(
      res
        .json()
        .transactions.map((t: { orderId: string; direction: string; counterpartyName: string; counterpartyEmail: string | null }) => [t.orderId, t.direction, t.counterpartyName, t.counterpartyEmail]),
    ).toEqual([
      [placed.one, 'RECEIVED', 'Ada L.', null],
      [placed.three, 'SENT', 'Ada L.', 'ada.list@example.com'],
      [placed.five, 'RECEIVED', 'Ada L.', null],
    ]);
    expect(await ids(carol)).toEqual([placed.ten]);
  });

  it('shows a person with no orders an empty list', async () => {
    const dan = await signUp(ctx.app, 'dan.list@example.com', 'Dan', 'Empty');
    expect((await list(dan)).json()).toEqual({ transactions: [], total: 0, totalCapped: false, page: 1, pageSize: 20 });
  });

  it('filters by dates, inclusive, in UTC', async () => {
    expect(await ids(ada, '?fromDate=2026-01-12&toDate=2026-01-13')).toEqual([placed.ten, placed.three]);
    expect(await ids(ada, '?toDate=2026-01-12')).toEqual([placed.three, placed.five]);
    expect(await ids(ada, '?fromDate=2026-01-13')).toEqual([placed.one, placed.buy, placed.ten]);
    expect(await ids(ada, '?fromDate=2026-01-15&toDate=2026-01-15')).toEqual([placed.one]);
    expect((await list(ada, '?fromDate=2026-01-12&toDate=2026-01-13')).json().total).toBe(2);
  });

  it('filters by status, payment method, order type and unit type', async () => {
    expect(await ids(ada, '?orderStatus=Initiated')).toEqual([placed.buy]);
    expect(await ids(ada, '?paymentMethod=Bank')).toEqual([placed.buy]);
    expect(await ids(ada, '?paymentMethod=None')).toEqual([placed.one, placed.ten, placed.three, placed.five]);
    expect(await ids(ada, '?orderType=TRANSFER&unitType=LAND_POUND')).toEqual([placed.one, placed.three, placed.five]);
    expect(await ids(ada, '?unitType=LAND_USD')).toEqual([placed.ten]);
    expect(await ids(ada, '?orderType=SELL')).toEqual([]);
    expect((await list(ada, '?orderType=TRANSFER')).json().total).toBe(4);
  });

  it('filters card payments through either provider with paymentMethod=Card', async () => {
    const dora = await signUp(ctx.app, 'dora.list@example.com', 'Dora', 'Card');
    const stripe = await insertOrder(dora.id, '2026-01-16T08:00:00Z', { orderType: 'BUY', orderStatus: 'Completed', paymentMethod: 'Card_Stripe', numberOfUnits: 5 });
    const square = await insertOrder(dora.id, '2026-01-17T08:00:00Z', { orderType: 'BUY', orderStatus: 'Completed', paymentMethod: 'Card_Square', numberOfUnits: 6 });
    await insertOrder(dora.id, '2026-01-18T08:00:00Z', { orderType: 'BUY', orderStatus: 'Initiated', paymentMethod: 'Bank', numberOfUnits: 7 });
    expect(await ids(dora, '?paymentMethod=Card')).toEqual([square, stripe]);
    expect(await ids(dora, '?paymentMethod=Card_Square')).toEqual([square]);
  });

  it('treats an empty filter value as no filter', async () => {
    expect(await ids(ada, '?orderStatus=&paymentMethod=&fromDate=&page=&pageSize=')).toHaveLength(5);
  });

  it('sorts by units, status or date in either direction', async () => {
    expect(await ids(ada, '?sortBy=numberOfUnits&sortDirection=asc')).toEqual([placed.one, placed.three, placed.five, placed.ten, placed.buy]);
    expect(await ids(ada, '?sortBy=numberOfUnits')).toEqual([placed.buy, placed.ten, placed.five, placed.three, placed.one]);
    // Completed < Initiated; equal statuses in the sort's direction (oldest first when ascending).
    expect(await ids(ada, '?sortBy=orderStatus&sortDirection=asc')).toEqual([placed.five, placed.three, placed.ten, placed.one, placed.buy]);
    expect(await ids(ada, '?sortBy=orderStatus&sortDirection=desc')).toEqual([placed.buy, placed.one, placed.ten, placed.three, placed.five]);
    expect(await ids(ada, '?sortBy=createdAt&sortDirection=asc')).toEqual([placed.five, placed.three, placed.ten, placed.buy, placed.one]);
  });

  it('pages through the list', async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list(ada, `?page=${page}&pageSize=2`);
      expect(res.json()).toMatchObject({ total: 5, page, pageSize: 2 });
      pages.push(...res.json().transactions.map((t: { orderId: string }) => t.orderId));
    }
    expect(pages).toEqual([placed.one, placed.buy, placed.ten, placed.three, placed.five]);
    expect(await ids(ada, '?page=4&pageSize=2')).toEqual([]);
  });

  it('asks a signed-out visitor to log in', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
  });

  it.each([
    ['page=0', { page: TRANSACTION_MESSAGES.page }],
    ['page=abc', { page: TRANSACTION_MESSAGES.page }],
    ['page=1.5', { page: TRANSACTION_MESSAGES.page }],
    ['page=-1', { page: TRANSACTION_MESSAGES.page }],
    ['page=1&page=2', { page: TRANSACTION_MESSAGES.page }],
    ['page=501', { page: TRANSACTION_MESSAGES.pageTooFar }],
    ['page=101&pageSize=100', { page: TRANSACTION_MESSAGES.pageTooFar }],
    ['pageSize=0', { pageSize: TRANSACTION_MESSAGES.pageSize }],
    ['pageSize=101', { pageSize: TRANSACTION_MESSAGES.pageSize }],
    ['fromDate=15/01/2026', { fromDate: TRANSACTION_MESSAGES.date }],
    ['fromDate=2026-02-30', { fromDate: TRANSACTION_MESSAGES.date }],
    ['toDate=2026-1-5', { toDate: TRANSACTION_MESSAGES.date }],
    ['fromDate=2026-01-13&toDate=2026-01-12', { toDate: TRANSACTION_MESSAGES.dateOrder }],
    ['orderStatus=Done', { orderStatus: TRANSACTION_MESSAGES.orderStatus }],
    ['paymentMethod=Cash', { paymentMethod: TRANSACTION_MESSAGES.paymentMethod }],
    ['orderType=GIFT', { orderType: TRANSACTION_MESSAGES.orderType }],
    ['unitType=LAND_YEN', { unitType: TRANSACTION_MESSAGES.unitType }],
    ['sortBy=price', { sortBy: TRANSACTION_MESSAGES.sortBy }],
    ['sortDirection=up', { sortDirection: TRANSACTION_MESSAGES.sortDirection }],
    ['page=0&pageSize=500&sortBy=x', { page: TRANSACTION_MESSAGES.page, pageSize: TRANSACTION_MESSAGES.pageSize, sortBy: TRANSACTION_MESSAGES.sortBy }],
  ])('refuses %s with field errors', async (query, errors) => {
    const res = await list(ada, `?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors });
  });

  it('ignores query parameters it does not know', async () => {
    expect(await ids(ada, '?_=123&pageSize=1')).toEqual([placed.one]);
  });
});

describe('merging the two directions (model-based)', () => {
  const STATUSES: OrderStatus[] = ['Completed', 'Initiated', 'Scheduled', 'Approved', 'AUDReadyToSendBetweenAccounts', 'Failed'];

  it('every page equals the same slice of the whole list sorted in memory', async () => {
    const db = ctx.database.db;
    const person = async () => {
      const [row] = await db
        .insert(users)
        .values({ email: `${randomUUID()}@example.com`, firstName: 'Model', lastName: 'Person', userType: 'USER', passwordHash: 'x', emailVerifiedAt: new Date() })
        .returning({ id: users.id });
      return row!.id;
    };
    const order = fc.record({
      sent: fc.boolean(),
      day: fc.integer({ min: 1, max: 4 }), // few distinct times, so ties are common
      units: fc.integer({ min: 1, max: 5 }),
      status: fc.constantFrom(...STATUSES),
    });
    const query = fc.record({
      pageSize: fc.integer({ min: 1, max: 7 }),
      sortBy: fc.constantFrom('createdAt', 'numberOfUnits', 'orderStatus'),
      sortDirection: fc.constantFrom('asc', 'desc'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(order, { maxLength: 25 }), query, async (specs, q) => {
        const [me, other] = [await person(), await person()];
        const rows = specs.map((s) => {
          const createdAt = new Date(Date.UTC(2026, 2, s.day));
          return {
            id: newOrderId(createdAt.getTime()),
            userId: s.sent ? me : other,
            recipientUserId: s.sent ? other : me,
            orderType: 'TRANSFER' as const,
            orderStatus: s.status,
            unitType: 'LAND_POUND' as const,
            numberOfUnits: s.units,
            createdAt,
            updatedAt: createdAt,
          };
        });
        if (rows.length) await db.insert(orders).values(rows);

        const sign = q.sortDirection === 'asc' ? 1 : -1;
        const cmp = <T>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
        const expected = [...rows].sort((a, b) => {
          if (q.sortBy === 'createdAt') return sign * (cmp(a.createdAt.getTime(), b.createdAt.getTime()) || cmp(a.id, b.id));
          const key = q.sortBy === 'numberOfUnits' ? cmp(a.numberOfUnits, b.numberOfUnits) : cmp(a.orderStatus, b.orderStatus);
          return sign * (key || cmp(a.createdAt.getTime(), b.createdAt.getTime()) || cmp(a.id, b.id));
        });

        const seen: string[] = [];
        for (let page = 1; page <= Math.ceil(rows.length / q.pageSize) + 1; page++) {
          const parsed: TransactionsQuery = TransactionsQuerySchema.parse({ ...q, page: String(page), pageSize: String(q.pageSize) });
          const result = await getTransactions(db, me, parsed);
          expect(result.total).toBe(rows.length);
          seen.push(...result.transactions.map((t) => t.orderId));
          for (const t of result.transactions) {
            const row = rows.find((r) => r.id === t.orderId)!;
            expect(t.direction).toBe(row.userId === me ? 'SENT' : 'RECEIVED');
            expect(t.statusLabel).toBe(STATUS_DISPLAY[row.orderStatus].label);
          }
        }
        expect(seen).toEqual(expected.map((r) => r.id));
      }),
      { numRuns: 40 },
    );
  });
});

describe('totals of a long history', () => {
  it(`counts at most ${COUNT_AHEAD} rows past the page and says when there are more`, async () => {
    const db = ctx.database.db;
    const [me, other] = await db
      .insert(users)
      .values(
        ['long', 'other'].map((name) => ({
          email: `${name}.${randomUUID()}@example.com`,
          firstName: 'Long',
          lastName: 'History',
          userType: 'USER' as const,
          passwordHash: 'x',
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    const count = COUNT_AHEAD + 150;
    const rows = Array.from({ length: count }, (_, i) => {
      const createdAt = new Date(Date.UTC(2026, 0, 1) + i * 60_000);
      return {
        id: newOrderId(createdAt.getTime()),
        userId: me!.id,
        recipientUserId: other!.id,
        orderType: 'TRANSFER' as const,
        orderStatus: 'Completed' as const,
        unitType: 'LAND_POUND' as const,
        numberOfUnits: 1,
        createdAt,
        updatedAt: createdAt,
      };
    });
    for (let i = 0; i < rows.length; i += 500) await db.insert(orders).values(rows.slice(i, i + 500));
    const page = (n: number) => getTransactions(db, me!.id, TransactionsQuerySchema.parse({ page: String(n), pageSize: '20' }));

    // Page 1 reaches 20 rows: counting stops 1,000 past them, short of the 1,150.
    expect(await page(1)).toMatchObject({ total: 20 + COUNT_AHEAD, totalCapped: true });
    // Page 10 reaches 200: 1,200 would be counted, and all 1,150 are.
    expect(await page(10)).toMatchObject({ total: count, totalCapped: false });
    expect((await page(10)).transactions).toHaveLength(20);
  });
});
