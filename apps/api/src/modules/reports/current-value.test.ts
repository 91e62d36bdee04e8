import { UNIT_TYPES } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { users } from '../../schema';
import { inTransaction } from '../../platform/db/transaction';
import { me } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { pdfLines } from '../../test/pdf-text';
import { addCost } from '../holdings';
import { createOrder, giveUnits, signUp, type TestUser } from '../orders/test/fixtures';
import { buyBody, convertBody, created, decide, makeAdmin, setVerification, successOrder, type TestAdmin } from '../orders/test/lifecycle';

// 2026-01-15: every Unit costs 1.077986.
const clock = new ManualClock(new Date('2026-01-15T10:00:00Z'));
let ctx: TestContext;
let admin: TestAdmin;
let ada: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  ada = await signUp(ctx.app, 'ada.value@example.com', 'Ada', 'Lovelace');
  admin = await makeAdmin(ctx.app, ctx.database.db, 'admin.value@example.com');
});
afterAll(() => ctx.close());

const CURRENT_VALUE = '/api/utility/generate-statement?reportType=CurrentValueDownload';

async function download(session: string | undefined) {
  return ctx.app.inject({ method: 'GET', url: CURRENT_VALUE, ...(session ? { cookies: { lu_session: session } } : {}) });
}

describe('the current value document (CurrentValueDownload)', () => {
  it('asks a signed-out visitor to log in', async () => {
    const res = await download(undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('says so when nothing is held', async () => {
    const bob = await signUp(ctx.app, 'bob.value@example.com', 'Bob', 'Babbage');
    const lines = await pdfLines(new Uint8Array((await download(bob.session)).rawPayload));
    expect(lines).toContain('Holder Bob Babbage');
    expect(lines.some((l) => l.startsWith('You hold no Units today.'))).toBe(true);
  });

  it('streams a dated PDF whose figures are the dashboard’s: Units per bucket, price, value, cost, profit', async () => {
    // Ada buys 100 GBP Units (approved), converts 20 of them to USD, and has 7 more awaiting payment.
    const buy = created(await createOrder(ctx.app, ada.session, buyBody(100)));
    expect((await successOrder(ctx.app, ada.session, buy.orderId)).statusCode).toBe(200);
    await decide(ctx.app, admin.session, buy.orderId, 'Approved');
    await setVerification(ctx.database.db, ada.id);
    created(await createOrder(ctx.app, ada.session, convertBody(20)));
    created(await createOrder(ctx.app, ada.session, buyBody(7)));

    const res = await download(ada.session);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('land-units-current-value-2026-01-15.pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = await pdfLines(new Uint8Array(res.rawPayload));

    const analytics = (await me(ctx.app, ada.session)).json().userDashBoardDetails.userAnalytics;
    expect(analytics.LAND_POUND).toMatchObject({ owned: 80, pendingBuy: 7, total_value_bought: 8_704, total_value_today: 8_624, profit: -80 });
    expect(analytics.LAND_USD).toMatchObject({ convertLocked: 24, total_value_bought: 2_698, total_value_today: 2_587, profit: -111, profit_percentage: '-4.11' });
    expect(lines).toContain('Holder Ada Lovelace');
    expect(lines).toContain('Valued on 15 Jan 2026, at the price per Unit of that day');
    expect(lines).toContain('Unit type Owned LU2X Locked Being sold Transfer queued Total held');
    expect(lines).toContain('GBP Units 80 0 0 0 0 80');
    expect(lines).toContain('USD Units 0 0 24 0 0 24');
    expect(lines).toContain('Unit type Price today Value today Bought cost Profit Profit %');
    expect(lines).toContain('GBP Units £1.077986 £86.24 £87.04 −£0.80 −0.92%');
    expect(lines).toContain('USD Units $1.077986 $25.87 $26.98 −$1.11 −4.11%');
    // EUR and AUD hold nothing: no rows.
    expect(lines.some((l) => l.startsWith('EUR Units') || l.startsWith('AUD Units'))).toBe(false);
    expect(lines.some((l) => l.includes('awaiting payment approval: 7 GBP Units'))).toBe(true);
    expect(lines).toContain('Land Units Ltd · Company number 12345678 · VAT GB123456789 · Not investment advice Page 1');
  });

  it('keeps long names and 10-digit amounts whole and inside their columns', async () => {
    const rich = await signUp(ctx.app, 'rich.value@example.com', 'Bartholomew-Maximilian', 'Fitzgerald-Worthington-Smythe');
    const business = 'The Very Long Name of a Sustainable Land Stewardship and Reforestation Business Partnership Limited of Great Britain';
    await ctx.database.db.update(users).set({ userType: 'BUSINESS', businessName: business }).where(eq(users.id, rich.id));
    for (const type of UNIT_TYPES) {
      await giveUnits(ctx.database.db, rich.id, 999_999_999, type);
      await inTransaction(ctx.database.db, (tx) => addCost(tx, rich.id, type, 98_765_432_109n));
    }
    const lines = await pdfLines(new Uint8Array((await download(rich.session)).rawPayload));
    // The name wraps onto more lines; every word is there.
    const text = lines.join(' ');
    for (const word of business.split(' ')) expect(text).toContain(word);
    expect(lines).toContain('AUD Units 999,999,999 0 0 0 0 999,999,999');
    // 999,999,999 × 1.077986 = 1,077,985,998.92 (half-up to the cent).
    expect(lines).toContain('GBP Units £1.077986 £1,077,985,998.92 £987,654,321.09 +£90,331,677.83 +9.15%');
    expect(lines).toContain('AUD Units A$1.077986 A$1,077,985,998.92 A$987,654,321.09 +A$90,331,677.83 +9.15%');
    expect(lines.some((l) => l.includes('…'))).toBe(false);
  });
});
