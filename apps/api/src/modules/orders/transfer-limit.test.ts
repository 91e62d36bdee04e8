import { DEFAULT_STEP_UP_TRANSFER_UNITS, STEP_UP_MESSAGES, stepUpRequiredMessage, transferLimitExceededMessage, transferLimitRaiseMessage } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE } from '../../platform/clock';
import { queryRows } from '../../platform/db/client';
import { mailTo, PASSWORD } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/factories';
import { TEST_ORIGIN } from '../../test/passkey-device';
import { createOrder, newKey, ownedUnits, transferBody } from './test/fixtures';

/**
 * The person's daily transfer limit (decision 0051) and the step-up threshold under concurrency:
 * a lower limit applies at once, a higher one or none after a step-up and 24 hours; transfers now
 * and scheduled ones count together over 24 hours; transfers sent at once cannot together pass
 * the limit or the threshold, as each reads the others after the person's safeguards lock.
 */

const DAY = 24 * 60 * MINUTE;
const clock = new ManualClock(new Date('2026-06-01T08:00:10Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
});
afterAll(() => ctx.close());

const setLimit = (person: TestPerson, units: number | null) =>
  ctx.app.inject({ method: 'PUT', url: '/api/user/security/transfer-limit', headers: { origin: TEST_ORIGIN }, payload: { units }, cookies: { lu_session: person.session } });
const stepUp = (person: TestPerson, action: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/security/step-up',
    headers: { origin: TEST_ORIGIN },
    payload: { action, method: 'password', password: PASSWORD },
    cookies: { lu_session: person.session },
  });
const limitOf = async (person: TestPerson) => (await ctx.app.inject({ method: 'GET', url: '/api/user/security', cookies: { lu_session: person.session } })).json().dailyTransferLimit;
const send = (from: TestPerson, to: TestPerson, units: number) => createOrder(ctx.app, from.session, transferBody(to.email, units), newKey(), { stepUp: false });
const schedule = (from: TestPerson, to: TestPerson, units: number) => {
  const tomorrow = new Date(clock.now().getTime() + DAY).toISOString().slice(0, 10);
  return createOrder(ctx.app, from.session, { orderType: 'TRANSFER_FUTURE', currencyUnit: { numberOfUnits: units }, transfer: { recipientEmail: to.email, scheduledDate: tomorrow } }, newKey(), {
    stepUp: false,
  });
};
const transfersOf = async (userId: string) =>
  Number((await queryRows<{ n: string }>(ctx.database.db, sql`select count(*)::text as n from orders where user_id = ${userId}::uuid and order_type in ('TRANSFER', 'TRANSFER_FUTURE')`))[0]?.n);

describe('the daily transfer limit', () => {
  it('is none at first; a limit is set and lowered at once, and a raise needs a step-up and waits 24 hours', async () => {
    const ada = await createPerson(ctx.app, { units: 500 });
    expect(await limitOf(ada)).toEqual({ units: null, raise: null });

    expect((await setLimit(ada, 100)).json()).toEqual({ message: STEP_UP_MESSAGES.limitLowered });
    expect(await limitOf(ada)).toEqual({ units: 100, raise: null });
    expect((await setLimit(ada, 60)).statusCode).toBe(200);
    expect(await limitOf(ada)).toEqual({ units: 60, raise: null });

    // Raising: refused without a step-up, nothing changed.
    const refused = await setLimit(ada, 400);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: stepUpRequiredMessage('transfer-limit'), code: 'STEP_UP_REQUIRED', errors: { stepUp: 'transfer-limit' } });
    expect(await limitOf(ada)).toEqual({ units: 60, raise: null });

    expect((await stepUp(ada, 'transfer-limit')).statusCode).toBe(200);
    const from = new Date(clock.now().getTime() + DAY);
    expect((await setLimit(ada, 400)).json()).toEqual({ message: transferLimitRaiseMessage(400, from) });
    expect(await limitOf(ada)).toEqual({ units: 60, raise: { units: 400, from: from.toISOString() } });
    // The person is told at once, so a raise that was not theirs can be stopped.
    const mail = (await mailTo(ctx.app, ada.email)).filter((m) => m.subject === 'Your daily transfer limit will rise');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('from 60 Units to 400 Units');

    clock.advance(DAY - 1000);
    expect(await limitOf(ada)).toEqual({ units: 60, raise: { units: 400, from: from.toISOString() } });
    clock.advance(1000);
    expect(await limitOf(ada)).toEqual({ units: 400, raise: null });
  });

  it('lowering drops a raise that was waiting; removing the limit is a raise too', async () => {
    const ada = await createPerson(ctx.app, { units: 500 });
    await setLimit(ada, 50);
    await stepUp(ada, 'transfer-limit');
    expect((await setLimit(ada, 200)).statusCode).toBe(200);
    expect((await setLimit(ada, 50)).json()).toEqual({ message: STEP_UP_MESSAGES.limitLowered });
    expect(await limitOf(ada)).toEqual({ units: 50, raise: null });
    clock.advance(DAY + 1);
    expect(await limitOf(ada)).toEqual({ units: 50, raise: null });

    // The step-up was used by the raise: removing asks again.
    expect((await setLimit(ada, null)).json().code).toBe('STEP_UP_REQUIRED');
    await stepUp(ada, 'transfer-limit');
    const from = new Date(clock.now().getTime() + DAY);
    expect((await setLimit(ada, null)).json()).toEqual({ message: transferLimitRaiseMessage(null, from) });
    expect(await limitOf(ada)).toEqual({ units: 50, raise: { units: null, from: from.toISOString() } });
    clock.advance(DAY);
    expect(await limitOf(ada)).toEqual({ units: null, raise: null });
  });

  it('refuses bad input in the documented shape', async () => {
    const ada = await createPerson(ctx.app);
    for (const units of [0, -5, 1.5, 'ten', 10_000_001]) {
      const res = await setLimit(ada, units as number);
      expect(res.statusCode, String(units)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['units']);
    }
    expect(await limitOf(ada)).toEqual({ units: null, raise: null });
  });

  it('counts transfers now and scheduled ones over 24 hours; one past it is refused and changes nothing', async () => {
    const ada = await createPerson(ctx.app, { units: 500 });
    const bob = await createPerson(ctx.app);
    await setLimit(ada, 50);
    expect((await send(ada, bob, 30)).statusCode).toBe(201);

    const over = await send(ada, bob, 21);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: transferLimitExceededMessage(50, 20n), code: 'LIMIT_EXCEEDED' });
    expect((await schedule(ada, bob, 21)).json().message).toBe(transferLimitExceededMessage(50, 20n));
    expect(await transfersOf(ada.id)).toBe(1);
    expect(await ownedUnits(ctx.database.db, ada.id)).toBe(470n);

    expect((await schedule(ada, bob, 20)).statusCode).toBe(201);
    expect((await send(ada, bob, 1)).json().message).toBe(transferLimitExceededMessage(50, 0n));

    // 24 hours after the first, its Units no longer count.
    clock.advance(DAY + 1);
    expect((await send(ada, bob, 50)).statusCode).toBe(201);
  });
});

describe('transfers sent at once', () => {
  it('cannot together pass the daily limit: 20 transfers of 5 Units with a limit of 50 → exactly 10 made', async () => {
    const ada = await createPerson(ctx.app, { units: 500 });
    const bob = await createPerson(ctx.app);
    await setLimit(ada, 50);
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(ada, bob, 5)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'LIMIT_EXCEEDED')).toBe(true);
    expect(await ownedUnits(ctx.database.db, ada.id)).toBe(450n);
    expect(await ownedUnits(ctx.database.db, bob.id)).toBe(50n);
  });

  it('a retry sent while the first was under way replays it: not counted twice, nor refused', async () => {
    const ada = await createPerson(ctx.app, { units: 500 });
    const bob = await createPerson(ctx.app);
    await setLimit(ada, 50);
    const key = newKey();
    const [first, retry] = await Promise.all([0, 1].map(() => createOrder(ctx.app, ada.session, transferBody(bob.email, 40), key, { stepUp: false })));
    expect([first?.statusCode, retry?.statusCode]).toEqual([201, 201]);
    expect(retry?.json()).toEqual(first?.json());
    expect(await transfersOf(ada.id)).toBe(1);
    expect(await ownedUnits(ctx.database.db, bob.id)).toBe(40n);
  });

  it('cannot together pass the step-up threshold: 10 transfers of 200 Units without a step-up → exactly 5 made', async () => {
    const ada = await createPerson(ctx.app, { units: 3_000 });
    const bob = await createPerson(ctx.app);
    const units = DEFAULT_STEP_UP_TRANSFER_UNITS / 5;
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(ada, bob, units)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 403 && a.json().code === 'STEP_UP_REQUIRED')).toHaveLength(5);
    expect(await ownedUnits(ctx.database.db, bob.id)).toBe(BigInt(DEFAULT_STEP_UP_TRANSFER_UNITS));
  });
});
