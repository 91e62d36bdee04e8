import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { INSUFFICIENT_UNITS_MESSAGE, reconcile } from '../ledger';
import { createOrder, giveUnits, ownedUnits, signUp, transferBody, type TestUser } from './test/fixtures';

// On PostgreSQL (TEST_DATABASE_URL) the requests really run side by side on a pool of 10
// connections; on the embedded database they queue, which must give the same answers.
let ctx: TestContext;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  ada = await signUp(ctx.app, 'ada.drain@example.com', 'Ada', 'Lovelace');
  bob = await signUp(ctx.app, 'bob.drain@example.com', 'Bob', 'Babbage');
});
afterAll(() => ctx.close());

describe('drain race over HTTP', () => {
  it('200 concurrent 1-Unit transfers out of 100 Units: exactly 100 succeed, 100 get 409, none fail', async () => {
    const db = ctx.database.db;
    await giveUnits(db, ada.id, 100);
    const bobBefore = await ownedUnits(db, bob.id);

    const answers = await Promise.all(Array.from({ length: 200 }, () => createOrder(ctx.app, ada.session, transferBody(bob.email, 1))));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(100);
    expect(codes.filter((c) => c === 409)).toHaveLength(100);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json()).toEqual({ message: INSUFFICIENT_UNITS_MESSAGE, code: 'INSUFFICIENT_UNITS' });

    expect(await ownedUnits(db, ada.id)).toBe(0n);
    expect(await ownedUnits(db, bob.id)).toBe(bobBefore + 100n);
    // Unit types sum to zero, every stored balance equals its entries, nobody is below zero.
    expect(await reconcile(db)).toEqual([]);

    // One order (and one history row) per success, none for the refusals.
    const sent = await ctx.app.inject({ method: 'GET', url: '/api/order/getTransactions?pageSize=100&page=2', cookies: { lu_session: ada.session } });
    expect(sent.json().total).toBe(100);
    expect(sent.json().transactions).toEqual([]);
  });
});
