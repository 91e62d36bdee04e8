import { REFERENCE_CODE_MESSAGES } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, ManualClock, MINUTE } from '../../platform/clock';
import { referenceCodes } from '../../schema';
import { createTestApp, type TestContext } from '../../test/app';
import { getJson, signUp, type TestUser } from '../orders/test/fixtures';
import { makeAdmin, signIn, type TestAdmin } from '../orders/test/lifecycle';

const START = new Date('2026-01-15T10:00:00Z');
const clock = new ManualClock(START);
let ctx: TestContext;
let admin: TestAdmin;
let ada: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  ada = await signUp(ctx.app, 'ada.codes@example.com', 'Ada', 'Lovelace');
  admin = await makeAdmin(ctx.app, ctx.database.db, 'admin.codes@example.com');
});
afterAll(() => ctx.close());

const LOOKUP = '/api/referencecode/get_discount_by_reference_code';
const ADMIN_CODES = '/api/admin/reference-codes';
const FIELDS_MESSAGE = 'Please check the highlighted fields.';

const lookup = (session: string | undefined, query: Record<string, string | number>) =>
  getJson(ctx.app, session, `${LOOKUP}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`);

/** A POST as a browser on the site sends it: JSON, same origin, no Idempotency-Key. */
const post = (session: string | undefined, url: string, body?: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: 'http://localhost:3000', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    ...(session ? { cookies: { lu_session: session } } : {}),
  });

async function createCode(body: Record<string, unknown>) {
  const res = await post(admin.session, ADMIN_CODES, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().code as { id: string; code: string };
}

const refused = (referenceCode: string) => ({ message: FIELDS_MESSAGE, code: 'VALIDATION_FAILED', errors: { referenceCode } });

describe('GET /api/referencecode/get_discount_by_reference_code', () => {
  beforeAll(async () => {
    await createCode({ code: 'SPRING10', codeType: 'DISCOUNT', isPercent: true, amount: '10' });
    await createCode({ code: 'fiveoff', codeType: 'DISCOUNT', amount: '500' });
    await createCode({ code: 'BONUS50', codeType: 'BONUS', bonusUnits: 50, validUntil: '2026-06-01T00:00:00Z' });
    await createCode({ code: 'RANGED', codeType: 'DISCOUNT', isPercent: true, amount: '12.50', minPaymentAmountInCents: 5_000, maxPaymentAmountInCents: 20_000 });
    await createCode({ code: 'LATER', codeType: 'DISCOUNT', amount: '100', validFrom: '2026-02-01T00:00:00Z' });
    await createCode({ code: 'OVER', codeType: 'DISCOUNT', amount: '100', validFrom: '2025-12-01T00:00:00Z', validUntil: '2026-01-15T10:00:00Z' });
    const gone = await createCode({ code: 'GONE', codeType: 'BONUS', bonusUnits: 5 });
    expect((await post(admin.session, `${ADMIN_CODES}/${gone.id}/disable`)).statusCode).toBe(200);
    await createCode({ code: 'ONCE', codeType: 'BONUS', bonusUnits: 5, maxUses: 3 });
    await ctx.database.db.update(referenceCodes).set({ uses: 3 }).where(eq(referenceCodes.code, 'ONCE'));
  });

  it('gives the details of a percent code', async () => {
    const res = await lookup(ada.session, { code: 'SPRING10' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      referenceCodeDetails: {
        code: 'SPRING10',
        codeType: 'DISCOUNT',
        isPercent: true,
        amount: '10',
        discountValue: '10 %',
        bonusUnits: 0,
        minPaymentAmountInCents: null,
        maxPaymentAmountInCents: null,
        validUntil: null,
      },
    });
  });

  it('writes an amount code in the currency of the unit type asked about (GBP by default)', async () => {
    const gbp = await lookup(ada.session, { code: 'FIVEOFF' });
    expect(gbp.json().referenceCodeDetails).toMatchObject({ code: 'FIVEOFF', codeType: 'DISCOUNT', isPercent: false, amount: '500', discountValue: '£5.00', bonusUnits: 0 });
    const usd = await lookup(ada.session, { code: 'FIVEOFF', unitType: 'LAND_USD' });
    expect(usd.json().referenceCodeDetails.discountValue).toBe('$5.00');
  });

  it('gives the bonus Units of a bonus code, and when it ends', async () => {
    const res = await lookup(ada.session, { code: 'BONUS50' });
    expect(res.json().referenceCodeDetails).toEqual({
      code: 'BONUS50',
      codeType: 'BONUS',
      isPercent: false,
      amount: '0',
      discountValue: '',
      bonusUnits: 50,
      minPaymentAmountInCents: null,
      maxPaymentAmountInCents: null,
      validUntil: '2026-06-01T00:00:00.000Z',
    });
  });

  it('finds a code whatever its case, and stores what the admin typed in capitals', async () => {
    expect((await lookup(ada.session, { code: 'spring10' })).json().referenceCodeDetails.code).toBe('SPRING10');
    expect((await lookup(ada.session, { code: 'FiveOff' })).statusCode).toBe(200);
  });

  it.each([
    ['an unknown code', 'NOPE', REFERENCE_CODE_MESSAGES.unknown],
    ['a code not valid yet', 'LATER', REFERENCE_CODE_MESSAGES.notYetValid],
    ['an expired code (it ends at its validUntil)', 'OVER', REFERENCE_CODE_MESSAGES.expired],
    ['a disabled code', 'GONE', REFERENCE_CODE_MESSAGES.disabled],
    ['a code used up', 'ONCE', REFERENCE_CODE_MESSAGES.usedUp],
  ])('refuses %s with the reason on referenceCode', async (_what, code, reason) => {
    const res = await lookup(ada.session, { code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused(reason));
  });

  it('follows the clock: a code becomes valid on its validFrom and expires on its validUntil', async () => {
    try {
      clock.set('2026-02-01T00:00:00Z');
      expect((await lookup(ada.session, { code: 'LATER' })).statusCode).toBe(200);
      clock.set(new Date(Date.parse('2026-06-01T00:00:00Z') - 1));
      // Months later: a new session (sessions lapse after 30 days).
      const session = await signIn(ctx.app, ada.email);
      expect((await lookup(session, { code: 'BONUS50' })).statusCode).toBe(200);
      clock.set('2026-06-01T00:00:00Z');
      expect((await lookup(session, { code: 'BONUS50' })).json()).toEqual(refused(REFERENCE_CODE_MESSAGES.expired));
    } finally {
      clock.set(START);
    }
  });

  it('checks the payment range against the subtotal when one is given', async () => {
    expect((await lookup(ada.session, { code: 'RANGED' })).json().referenceCodeDetails).toMatchObject({
      amount: '12.5',
      discountValue: '12.5 %',
      minPaymentAmountInCents: 5_000,
      maxPaymentAmountInCents: 20_000,
    });
    expect((await lookup(ada.session, { code: 'RANGED', subTotal: 4_999 })).json()).toEqual(refused(REFERENCE_CODE_MESSAGES.belowMin(5_000, 'GBP')));
    expect((await lookup(ada.session, { code: 'RANGED', subTotal: 4_999, unitType: 'LAND_EUR' })).json()).toEqual(refused('This code applies to purchases of at least €50.00.'));
    expect((await lookup(ada.session, { code: 'RANGED', subTotal: 5_000 })).statusCode).toBe(200);
    expect((await lookup(ada.session, { code: 'RANGED', subTotal: 20_000 })).statusCode).toBe(200);
    expect((await lookup(ada.session, { code: 'RANGED', subTotal: 20_001 })).json()).toEqual(refused(REFERENCE_CODE_MESSAGES.aboveMax(20_000, 'GBP')));
  });

  it('refuses a malformed code, subtotal or unit type as a 400 on that field', async () => {
    const bad = await lookup(ada.session, { code: 'a b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(refused('Enter a code of 3 to 32 letters, digits or dashes.'));
    expect((await getJson(ctx.app, ada.session, LOOKUP)).json().errors).toHaveProperty('referenceCode');
    const figures = await lookup(ada.session, { code: 'SPRING10', subTotal: '1.5', unitType: 'LAND_XYZ' });
    expect(figures.statusCode).toBe(400);
    expect(Object.keys(figures.json().errors).sort()).toEqual(['subTotal', 'unitType']);
  });

  it('asks a signed-out visitor to log in', async () => {
    const res = await lookup(undefined, { code: 'SPRING10' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('allows 30 lookups per person in 10 minutes, then 429 with Retry-After; others are not affected', async () => {
    const eve = await signUp(ctx.app, 'eve.codes@example.com', 'Eve', 'Guesser');
    clock.set('2026-01-15T10:20:00Z');
    try {
      for (let n = 0; n < 30; n += 1) expect((await lookup(eve.session, { code: `GUESS${n}` })).statusCode).toBe(400);
      const limited = await lookup(eve.session, { code: 'SPRING10' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBe(600);
      expect((await lookup(ada.session, { code: 'SPRING10' })).statusCode).toBe(200);
      clock.advance(10 * MINUTE);
      expect((await lookup(eve.session, { code: 'SPRING10' })).statusCode).toBe(200);
    } finally {
      clock.set(START);
    }
  });
});

describe('the admin reference code calls', () => {
  const valid = { code: 'ADMIN-OK', codeType: 'DISCOUNT', isPercent: true, amount: '15' };

  it.each([
    ['a percent of 0', { amount: '0' }, { amount: REFERENCE_CODE_MESSAGES.percentRange }],
    ['a percent of 101', { amount: '101' }, { amount: REFERENCE_CODE_MESSAGES.percentRange }],
    ['an amount of 0', { isPercent: false, amount: '0' }, { amount: REFERENCE_CODE_MESSAGES.amountRange }],
    ['an amount in part-cents', { isPercent: false, amount: '1.5' }, { amount: REFERENCE_CODE_MESSAGES.amountRange }],
    ['a bonus of 0 Units', { codeType: 'BONUS', bonusUnits: 0 }, { bonusUnits: REFERENCE_CODE_MESSAGES.bonusRange }],
    ['a minimum above the maximum', { minPaymentAmountInCents: 2_000, maxPaymentAmountInCents: 1_999 }, { maxPaymentAmountInCents: REFERENCE_CODE_MESSAGES.rangeOrder }],
    ['an end not after the start', { validFrom: '2026-03-01T00:00:00Z', validUntil: '2026-03-01T00:00:00Z' }, { validUntil: REFERENCE_CODE_MESSAGES.validOrder }],
    ['a use limit of 0', { maxUses: 0 }, { maxUses: REFERENCE_CODE_MESSAGES.maxUses }],
    ['a malformed code', { code: 'no spaces' }, { code: 'Enter a code of 3 to 32 letters, digits or dashes.' }],
  ])('refuses %s with the message at its field', async (_what, change, errors) => {
    const res = await post(admin.session, ADMIN_CODES, { ...valid, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: FIELDS_MESSAGE, code: 'VALIDATION_FAILED', errors });
    expect(await ctx.database.db.$count(referenceCodes, eq(referenceCodes.code, 'ADMIN-OK'))).toBe(0);
  });

  it('refuses fields the schema does not know (uses, owner)', async () => {
    const res = await post(admin.session, ADMIN_CODES, { ...valid, uses: 0, createdBy: ada.id });
    expect(res.statusCode).toBe(400);
  });

  it('creates a code (201), recording the admin who did, and refuses the same name in any case (409)', async () => {
    clock.set('2026-01-16T09:00:00Z');
    try {
      const res = await post(admin.session, ADMIN_CODES, { ...valid, code: 'dup-code', minPaymentAmountInCents: 1_000, validUntil: '2026-12-31T00:00:00+01:00', maxUses: 100 });
      expect(res.statusCode, res.body).toBe(201);
      const { code } = res.json();
      expect(code).toEqual({
        id: expect.any(String),
        code: 'DUP-CODE',
        codeType: 'DISCOUNT',
        isPercent: true,
        amount: '15',
        discountValue: '15 %',
        bonusUnits: 0,
        minPaymentAmountInCents: 1_000,
        maxPaymentAmountInCents: null,
        validFrom: null,
        validUntil: '2026-12-30T23:00:00.000Z',
        maxUses: 100,
        uses: 0,
        disabledAt: null,
        createdAt: '2026-01-16T09:00:00.000Z',
      });
      const [row] = await ctx.database.db.select().from(referenceCodes).where(eq(referenceCodes.id, code.id));
      expect(row?.createdBy).toBe(admin.id);

      const again = await post(admin.session, ADMIN_CODES, { ...valid, code: 'Dup-Code', codeType: 'BONUS', bonusUnits: 5 });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: FIELDS_MESSAGE, code: 'CODE_TAKEN', errors: { code: REFERENCE_CODE_MESSAGES.codeTaken } });
    } finally {
      clock.set(START);
    }
  });

  it('keeps only the terms of the code’s type', async () => {
    const bonus = await createCode({ code: 'ONLY-BONUS', codeType: 'BONUS', bonusUnits: 7, isPercent: true, amount: '20' });
    expect(bonus).toMatchObject({ codeType: 'BONUS', isPercent: false, amount: '0', bonusUnits: 7, discountValue: '' });
    const discount = await createCode({ code: 'ONLY-DISC', codeType: 'DISCOUNT', amount: '0250', bonusUnits: 9 });
    expect(discount).toMatchObject({ codeType: 'DISCOUNT', isPercent: false, amount: '250', bonusUnits: 0, discountValue: '£2.50' });
  });

  it('lists the codes newest first, a page at a time', async () => {
    const first = await getJson(ctx.app, admin.session, `${ADMIN_CODES}?page=1&pageSize=2`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json();
    const total = await ctx.database.db.$count(referenceCodes);
    expect(total).toBeGreaterThan(4);
    expect(body).toMatchObject({ total, page: 1, pageSize: 2 });
    expect(body.codes).toHaveLength(2);
    const everything = (await getJson(ctx.app, admin.session, `${ADMIN_CODES}?pageSize=100`)).json();
    expect(everything).toMatchObject({ total, page: 1, pageSize: 100 });
    const created = everything.codes.map((c: { createdAt: string }) => c.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(body.codes).toEqual(everything.codes.slice(0, 2));
    const second = (await getJson(ctx.app, admin.session, `${ADMIN_CODES}?page=2&pageSize=2`)).json();
    expect(second.codes).toEqual(everything.codes.slice(2, 4));
    expect((await getJson(ctx.app, admin.session, `${ADMIN_CODES}?page=0`)).statusCode).toBe(400);
    expect((await getJson(ctx.app, admin.session, `${ADMIN_CODES}?pageSize=101`)).statusCode).toBe(400);
  });

  it('disables a code: lookups then refuse it, and disabling again answers the same', async () => {
    const code = await createCode({ code: 'TO-DISABLE', codeType: 'DISCOUNT', amount: '100' });
    expect((await lookup(ada.session, { code: 'TO-DISABLE' })).statusCode).toBe(200);
    clock.set('2026-01-17T08:00:00Z');
    try {
      const res = await post(admin.session, `${ADMIN_CODES}/${code.id}/disable`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toMatchObject({ id: code.id, code: 'TO-DISABLE', disabledAt: '2026-01-17T08:00:00.000Z' });
      clock.advance(DAY);
      const again = await post(admin.session, `${ADMIN_CODES}/${code.id}/disable`);
      expect(again.json().code.disabledAt).toBe('2026-01-17T08:00:00.000Z');
      expect((await lookup(ada.session, { code: 'TO-DISABLE' })).json()).toEqual(refused(REFERENCE_CODE_MESSAGES.disabled));
    } finally {
      clock.set(START);
    }
  });

  it('answers 404 for a code that does not exist', async () => {
    expect((await post(admin.session, `${ADMIN_CODES}/00000000-0000-4000-8000-000000000000/disable`)).statusCode).toBe(404);
    expect((await post(admin.session, `${ADMIN_CODES}/not-a-uuid/disable`)).statusCode).toBe(404);
  });

  it('lets only admins in: 401 signed out, 403 for everyone else, and nothing changes', async () => {
    const code = await createCode({ code: 'ADMINS-ONLY', codeType: 'DISCOUNT', amount: '100' });
    const calls = [() => getJson(ctx.app, ada.session, ADMIN_CODES), () => post(ada.session, ADMIN_CODES, { ...valid, code: 'SNEAKY' }), () => post(ada.session, `${ADMIN_CODES}/${code.id}/disable`)];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Only administrators can do this.', code: 'FORBIDDEN' });
    }
    expect((await getJson(ctx.app, undefined, ADMIN_CODES)).statusCode).toBe(401);
    expect((await post(undefined, ADMIN_CODES, valid)).statusCode).toBe(401);
    expect(await ctx.database.db.$count(referenceCodes, eq(referenceCodes.code, 'SNEAKY'))).toBe(0);
    expect((await lookup(ada.session, { code: 'ADMINS-ONLY' })).statusCode).toBe(200);
  });

  it('refuses a create sent from another site', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: ADMIN_CODES,
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ ...valid, code: 'CROSS-SITE' }),
      cookies: { lu_session: admin.session },
    });
    expect(res.statusCode).toBe(403);
    expect(await ctx.database.db.$count(referenceCodes, eq(referenceCodes.code, 'CROSS-SITE'))).toBe(0);
  });
});
