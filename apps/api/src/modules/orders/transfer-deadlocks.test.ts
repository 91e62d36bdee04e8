import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createOrder, giveUnits, ownedUnits, signUp, transferBody, type TestUser } from './test/fixtures';

// Two people sending each other Units at the same moment: each transfer locks both accounts, and
// taken in opposite orders those locks wait on each other (a deadlock). Only PostgreSQL runs
// statements side by side (the embedded database runs one at a time), so this runs with
// TEST_DATABASE_URL.
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const TRANSFERS = 320;
const CONCURRENCY = 16;
const GIVEN = 1_000;

describe.skipIf(!TEST_DATABASE_URL)('transfers in opposite directions between the same two people', () => {
  let t: TestContext;
  let ada: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    ada = await signUp(t.app, 'ada.deadlock@example.com', 'Ada', 'Lovelace');
    bob = await signUp(t.app, 'bob.deadlock@example.com', 'Bob', 'Babbage');
    await giveUnits(t.app.ctx.db, ada.id, GIVEN);
    await giveUnits(t.app.ctx.db, bob.id, GIVEN);
  });
  afterAll(() => t?.close());

  it(`${TRANSFERS} at ${CONCURRENCY} at once: every one completes and both balances are exact`, async () => {
    // Even transfers go from Ada to Bob (1 Unit), odd ones from Bob to Ada (2 Units).
    const send = (i: number) => (i % 2 === 0 ? createOrder(t.app, ada.session, transferBody(bob.email, 1)) : createOrder(t.app, bob.session, transferBody(ada.email, 2)));
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < TRANSFERS; i = next++) {
          const res = await send(i);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        }
      }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 201: TRANSFERS });
    const half = TRANSFERS / 2;
    expect(await ownedUnits(t.app.ctx.db, ada.id)).toBe(BigInt(GIVEN - half * 1 + half * 2));
    expect(await ownedUnits(t.app.ctx.db, bob.id)).toBe(BigInt(GIVEN - half * 2 + half * 1));
  });
});
