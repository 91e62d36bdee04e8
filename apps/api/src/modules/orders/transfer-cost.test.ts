import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdingCosts } from '../../schema';
import { createTestApp, type TestContext } from '../../test/app';
import { createOrder, giveUnits, signUp, transferBody, type TestUser } from './test/fixtures';

let ctx: TestContext;
let ada: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  ada = await signUp(ctx.app, 'ada.cost@example.com', 'Ada', 'Lovelace');
  await signUp(ctx.app, 'bob.cost@example.com', 'Bob', 'Builder');
});
afterAll(() => ctx.close());

const costOf = async (userId: string) =>
  (
    await ctx.database.db
      .select()
      .from(holdingCosts)
      .where(and(eq(holdingCosts.userId, userId), eq(holdingCosts.unitType, 'LAND_POUND')))
  )[0]?.costCents;

describe('an immediate transfer takes its share of the sender’s cost', () => {
  it('rounds the share half-up, to the cent (10 of 100 Units that cost 11 463 cents take 1 146.3 → 1 146)', async () => {
    await giveUnits(ctx.database.db, ada.id, 100);
    await ctx.database.db.insert(holdingCosts).values({ userId: ada.id, unitType: 'LAND_POUND', costCents: 11_463n });
    expect((await createOrder(ctx.app, ada.session, transferBody('bob.cost@example.com', 10))).statusCode).toBe(201);
    // Before the fix the held count was a numeric (sum of bigints), the division exact, and the
    // column rounded 11 463 − 1 146.8 to 10 316: a share of 1 147.
    expect(await costOf(ada.id)).toBe(10_317n);
  });
});
