import { DEFAULT_STEP_UP_TRANSFER_UNITS, SECURITY_MESSAGES, STEP_UP_MESSAGES, stepUpRequiredMessage } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE } from '../../platform/clock';
import { queryRows } from '../../platform/db/client';
import { anyIp, appCode, mailTo, PASSWORD, staffLogin, staffStepUp } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { createPerson, openSession, type TestPerson } from '../../test/factories';
import { PasskeyDevice, TEST_ORIGIN } from '../../test/passkey-device';
import { createAdmin } from '../users';
import { createOrder, newKey, ownedUnits, transferBody } from '../orders/test/fixtures';
import { emailChangeCalls } from '../email-change/test/helpers';
import { GOOD_BANK, pdf, postBank } from '../verification/test/helpers';
import { buyBody, created, sellBody, successOrder, transitionUrl } from '../orders/test/lifecycle';

/**
 * Step-up (decision 0050): a sale, a transfer above the person's threshold and an admin's decision
 * on money need a fresh proof from the session: a passkey, an authenticator or recovery code, or
 * the password when the person has neither. A person's proof is used by one action; an admin's
 * lasts five minutes for their decisions.
 */

const clock = new ManualClock(new Date('2026-06-01T08:00:10Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
});
afterAll(() => ctx.close());

const post = (url: string, session: string, payload: unknown = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, 'idempotency-key': newKey() }, payload: payload as object, cookies: { lu_session: session }, remoteAddress: anyIp() });
const stepUp = (session: string, payload: Record<string, unknown>) => post('/api/user/security/step-up', session, payload);
const options = (session: string, action: string) => post('/api/user/security/step-up/options', session, { action });
const required = (action: Parameters<typeof stepUpRequiredMessage>[0]) => ({ message: stepUpRequiredMessage(action), code: 'STEP_UP_REQUIRED', errors: { stepUp: action } });
const sell = (person: TestPerson, units = 50, session = person.session) => createOrder(ctx.app, session, sellBody(units), newKey(), { stepUp: false });
const ordersOf = async (userId: string, orderType: string) =>
  Number((await queryRows<{ n: string }>(ctx.database.db, sql`select count(*)::text as n from orders where user_id = ${userId}::uuid and order_type = ${orderType}`))[0]?.n);

async function seller(units = 500): Promise<TestPerson> {
  return createPerson(ctx.app, { verified: true, units });
}

describe('a sale', () => {
  it('asks for a step-up (password, the person having no second factor); the proof is used by one sale', async () => {
    const sam = await seller();
    expect((await options(sam.session, 'sell')).json()).toEqual({ methods: ['password'], passkey: null });

    const refused = await sell(sam);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(required('sell'));
    expect(await ordersOf(sam.id, 'SELL')).toBe(0);
    expect(await ownedUnits(ctx.database.db, sam.id)).toBe(500n);

    const done = await stepUp(sam.session, { action: 'sell', method: 'password', password: PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: STEP_UP_MESSAGES.done, expiresAt: new Date(clock.now().getTime() + 5 * MINUTE).toISOString() });
    expect((await sell(sam)).statusCode).toBe(201);
    // Used: the next sale asks again.
    expect((await sell(sam)).json()).toEqual(required('sell'));
    expect(await ordersOf(sam.id, 'SELL')).toBe(1);
  });

  it('refuses a wrong password without keeping a proof', async () => {
    const sam = await seller();
    const wrong = await stepUp(sam.session, { action: 'sell', method: 'password', password: 'not-it' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: SECURITY_MESSAGES.passwordWrong, code: 'UNAUTHORIZED', errors: { password: SECURITY_MESSAGES.passwordWrong } });
    expect((await sell(sam)).json()).toEqual(required('sell'));
  });

  it('keeps the proof when the sale is refused for another reason, for the corrected one', async () => {
    const sam = await seller(100);
    await stepUp(sam.session, { action: 'sell', method: 'password', password: PASSWORD });
    const tooMany = await sell(sam, 1_000);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe('INSUFFICIENT_UNITS');
    expect((await sell(sam, 50)).statusCode).toBe(201);
  });

  it('binds the proof to its session and its action, for five minutes', async () => {
    const sam = await seller();
    const other = await openSession(ctx.app, sam.id);
    await stepUp(sam.session, { action: 'transfer', method: 'password', password: PASSWORD });
    await stepUp(other, { action: 'sell', method: 'password', password: PASSWORD });
    // A transfer's proof does not sell; another session's does not either.
    expect((await sell(sam)).json()).toEqual(required('sell'));
    // Five minutes later the other session's proof has lapsed.
    clock.advance(5 * MINUTE + 1);
    expect((await sell(sam, 50, other)).json()).toEqual(required('sell'));
  });

  it('refuses what is not an action or a way to step up, saying what is wrong', async () => {
    const sam = await seller();
    const noAction = await stepUp(sam.session, { action: 'anything', method: 'password', password: PASSWORD });
    expect(noAction.statusCode).toBe(400);
    expect(noAction.json().errors).toMatchObject({ action: STEP_UP_MESSAGES.actionRequired });
    const noApp = await stepUp(sam.session, { action: 'sell', method: 'totp', code: '123456' });
    expect(noApp.statusCode).toBe(409);
    expect(noApp.json()).toEqual({ message: STEP_UP_MESSAGES.methodNotAvailable, code: 'CONFLICT' });
  });
});

describe('a person with a second factor', () => {
  async function withApp(): Promise<{ person: TestPerson; secret: string }> {
    const person = await seller();
    const setup = await post('/api/user/security/totp/setup', person.session);
    const { secret } = setup.json() as { secret: string };
    const confirmed = await post('/api/user/security/totp', person.session, { code: appCode(secret, clock.now().getTime()), password: PASSWORD });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { person, secret };
  }

  it('steps up with a code from the app, each code once; the password is not enough', async () => {
    const { person, secret } = await withApp();
    expect((await options(person.session, 'sell')).json()).toEqual({ methods: ['totp', 'recovery'], passkey: null });
    const byPassword = await stepUp(person.session, { action: 'sell', method: 'password', password: PASSWORD });
    expect(byPassword.statusCode).toBe(409);

    clock.advance(30_000);
    const code = appCode(secret, clock.now().getTime());
    expect((await stepUp(person.session, { action: 'sell', method: 'totp', code })).statusCode).toBe(200);
    const again = await stepUp(person.session, { action: 'transfer', method: 'totp', code });
    expect(again.statusCode).toBe(401);
    expect(again.json().errors).toEqual({ code: SECURITY_MESSAGES.codeWrong });
    expect((await sell(person)).statusCode).toBe(201);
  });

  it('steps up with a recovery code, used up and told by email', async () => {
    const person = await seller();
    const setup = await post('/api/user/security/totp/setup', person.session);
    const { secret } = setup.json() as { secret: string };
    const confirmed = await post('/api/user/security/totp', person.session, { code: appCode(secret, clock.now().getTime()), password: PASSWORD });
    const [code] = confirmed.json().recoveryCodes as string[];
    expect((await stepUp(person.session, { action: 'sell', method: 'recovery', code })).statusCode).toBe(200);
    expect((await stepUp(person.session, { action: 'sell', method: 'recovery', code })).statusCode).toBe(401);
    expect((await sell(person)).statusCode).toBe(201);
    expect((await mailTo(ctx.app, person.email)).map((m) => m.subject)).toContain('A recovery code was used on your account');
  });

  it('steps up with a passkey whose request was made for this session and this action', async () => {
    const person = await seller();
    const device = new PasskeyDevice();
    const registration = await post('/api/user/security/passkeys/options', person.session, { password: PASSWORD });
    const added = await post('/api/user/security/passkeys', person.session, { name: 'Phone', password: PASSWORD, answer: device.register(registration.json()) });
    expect(added.statusCode, added.body).toBe(200);

    const forSale = (await options(person.session, 'sell')).json();
    expect(forSale.methods).toEqual(['passkey', 'recovery']);
    expect(forSale.passkey.allowCredentials).toEqual([expect.objectContaining({ id: device.id })]);
    // The answer to the sale's request does not prove a transfer, and a wrong origin is refused.
    const forTransfer = await stepUp(person.session, { action: 'transfer', method: 'passkey', answer: device.answer(forSale.passkey) });
    expect(forTransfer.json()).toEqual({ message: SECURITY_MESSAGES.passkeyExpired, code: 'CONFLICT' });
    const wrongOrigin = await stepUp(person.session, { action: 'sell', method: 'passkey', answer: device.answer(forSale.passkey, { origin: 'https://evil.example' }) });
    expect(wrongOrigin.statusCode).toBe(401);

    const fresh = (await options(person.session, 'sell')).json();
    const proved = await stepUp(person.session, { action: 'sell', method: 'passkey', answer: device.answer(fresh.passkey) });
    expect(proved.statusCode, proved.body).toBe(200);
    // The request is used once.
    expect((await stepUp(person.session, { action: 'sell', method: 'passkey', answer: device.answer(fresh.passkey) })).json().code).toBe('CONFLICT');
    expect((await sell(person)).statusCode).toBe(201);
  });
});

describe('a transfer', () => {
  it('up to the threshold needs nothing; above it, a step-up, given back when the transfer is refused', async () => {
    const ada = await seller(5_000);
    const bob = await createPerson(ctx.app);
    const send = (units: number) => createOrder(ctx.app, ada.session, transferBody(bob.email, units), newKey(), { stepUp: false });
    expect((await send(DEFAULT_STEP_UP_TRANSFER_UNITS)).statusCode).toBe(201);
    expect((await send(DEFAULT_STEP_UP_TRANSFER_UNITS + 1)).json()).toEqual(required('transfer'));

    await stepUp(ada.session, { action: 'transfer', method: 'password', password: PASSWORD });
    const tooMany = await send(50_000);
    expect(tooMany.json().code).toBe('INSUFFICIENT_UNITS');
    // The refused transfer gave its proof back; the next one uses it.
    expect((await send(2_000)).statusCode).toBe(201);
    expect((await send(1_001)).json()).toEqual(required('transfer'));
  });

  it('counts the transfers of the last 24 hours together: many small ones ask too', async () => {
    const ada = await seller(3_000);
    const bob = await createPerson(ctx.app);
    const send = (units: number) => createOrder(ctx.app, ada.session, transferBody(bob.email, units), newKey(), { stepUp: false });
    expect((await send(600)).statusCode).toBe(201);
    expect((await send(400)).statusCode).toBe(201);
    expect((await send(1)).json()).toEqual(required('transfer'));
    clock.advance(24 * 60 * MINUTE + 1);
    expect((await send(1)).statusCode).toBe(201);
  });

  it('a scheduled transfer above the threshold needs one too', async () => {
    const ada = await seller(3_000);
    const bob = await createPerson(ctx.app);
    const tomorrow = new Date(clock.now().getTime() + 24 * 60 * MINUTE).toISOString().slice(0, 10);
    const body = { orderType: 'TRANSFER_FUTURE', currencyUnit: { numberOfUnits: 1_500 }, transfer: { recipientEmail: bob.email, scheduledDate: tomorrow } };
    expect((await createOrder(ctx.app, ada.session, body, newKey(), { stepUp: false })).json()).toEqual(required('transfer'));
    await stepUp(ada.session, { action: 'transfer', method: 'password', password: PASSWORD });
    expect((await createOrder(ctx.app, ada.session, body, newKey(), { stepUp: false })).statusCode).toBe(201);
  });

  it('the person lowers the threshold at once; raising it needs a step-up', async () => {
    const ada = await seller(500);
    const bob = await createPerson(ctx.app);
    const set = (above: number) => ctx.app.inject({ method: 'PUT', url: '/api/user/security/safeguards', payload: { stepUpTransfersAbove: above }, cookies: { lu_session: ada.session } });
    const overview = async () => (await ctx.app.inject({ method: 'GET', url: '/api/user/security', cookies: { lu_session: ada.session } })).json();
    expect((await overview()).stepUpTransfersAbove).toBe(DEFAULT_STEP_UP_TRANSFER_UNITS);

    expect((await set(10)).json()).toEqual({ message: STEP_UP_MESSAGES.thresholdSaved });
    expect((await overview()).stepUpTransfersAbove).toBe(10);
    expect((await createOrder(ctx.app, ada.session, transferBody(bob.email, 11), newKey(), { stepUp: false })).json()).toEqual(required('transfer'));
    expect((await createOrder(ctx.app, ada.session, transferBody(bob.email, 10), newKey(), { stepUp: false })).statusCode).toBe(201);

    expect((await set(5_000)).json()).toEqual(required('transfer-threshold'));
    expect((await overview()).stepUpTransfersAbove).toBe(10);
    await stepUp(ada.session, { action: 'transfer-threshold', method: 'password', password: PASSWORD });
    expect((await set(5_000)).statusCode).toBe(200);
    expect((await overview()).stepUpTransfersAbove).toBe(5_000);

    const bad = await set(-1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ stepUpTransfersAbove: STEP_UP_MESSAGES.thresholdRequired });
  });
});

describe("an admin's decisions on money", () => {
  it('need a fresh authenticator code; one proof covers five minutes of decisions from that session', async () => {
    const email = 'finance.step-up@example.com';
    await createAdmin(ctx.database.db, { email, password: PASSWORD, role: 'OWNER', firstName: 'Fin' });
    const admin = await staffLogin(ctx.app, email);
    const buyer = await createPerson(ctx.app);
    const paidBuy = async () => {
      const order = await created(await createOrder(ctx.app, buyer.session, buyBody(5)));
      expect((await successOrder(ctx.app, buyer.session, order.orderId)).statusCode).toBe(200);
      return order.orderId as string;
    };
    const approve = async (orderId: string) => post(transitionUrl(orderId), admin, { toStatus: 'Approved', reason: 'Paid in full' });

    const first = await paidBuy();
    expect((await approve(first)).json()).toEqual(required('admin-money'));
    expect((await options(admin, 'admin-money')).json()).toEqual({ methods: ['totp'], passkey: null });
    // Staff never step up with the password.
    expect((await stepUp(admin, { action: 'admin-money', method: 'password', password: PASSWORD })).json()).toEqual({ message: STEP_UP_MESSAGES.staffNeedFactor, code: 'CONFLICT' });

    await staffStepUp(ctx.app, email, admin);
    expect((await approve(first)).statusCode).toBe(200);
    expect((await approve(await paidBuy())).statusCode).toBe(200);
    clock.advance(5 * MINUTE + 1);
    expect((await approve(await paidBuy())).json()).toEqual(required('admin-money'));
  });
});

describe('security changes of a person with a second factor', () => {
  async function withApp(): Promise<{ person: TestPerson; secret: string; next: () => string }> {
    const person = await createPerson(ctx.app);
    const setup = (await post('/api/user/security/totp/setup', person.session)).json() as { secret: string };
    let at = clock.now().getTime();
    expect((await post('/api/user/security/totp', person.session, { code: appCode(setup.secret, at), password: PASSWORD })).statusCode).toBe(200);
    // The app's next code each time (each 30-second step is accepted once).
    const next = () => {
      clock.advance(30_000);
      at = clock.now().getTime();
      return appCode(setup.secret, at);
    };
    return { person, secret: setup.secret, next };
  }

  it('new or changed bank details ask for a step-up; the same details again do not; without a second factor nothing asks', async () => {
    const { person, next } = await withApp();
    const save = (values: Record<string, string>, verificationStatus = 'Saved') => postBank(ctx.app, person.session, { ...values, verificationStatus }, [pdf('bankStatement')]);
    expect((await save(GOOD_BANK)).json()).toEqual(required('bank-details'));
    expect((await stepUp(person.session, { action: 'bank-details', method: 'totp', code: next() })).statusCode).toBe(200);
    expect((await save(GOOD_BANK)).statusCode).toBe(200);
    expect((await save({ ...GOOD_BANK, bankAccountNumber: '87654321' })).json()).toEqual(required('bank-details'));
    // The same details sent for review: nothing new about where payouts go.
    expect((await save(GOOD_BANK, 'Pending')).statusCode).toBe(200);

    const plain = await createPerson(ctx.app);
    expect((await postBank(ctx.app, plain.session, { ...GOOD_BANK, verificationStatus: 'Pending' }, [pdf('bankStatement')])).statusCode).toBe(200);
  });

  it('adding another factor or removing a passkey asks for one; the password alone does neither', async () => {
    const { person, next } = await withApp();
    const device = new PasskeyDevice();
    expect((await post('/api/user/security/passkeys/options', person.session, { password: PASSWORD })).json()).toEqual(required('second-factors'));
    await stepUp(person.session, { action: 'second-factors', method: 'totp', code: next() });
    // The proof is taken when the passkey is stored: a prompt the person closed and opened again does not use it.
    expect((await post('/api/user/security/passkeys/options', person.session, { password: PASSWORD })).statusCode).toBe(200);
    const options = await post('/api/user/security/passkeys/options', person.session, { password: PASSWORD });
    expect(options.statusCode, options.body).toBe(200);
    const added = await post('/api/user/security/passkeys', person.session, { name: 'Phone', password: PASSWORD, answer: device.register(options.json()) });
    expect(added.statusCode, added.body).toBe(200);
    const remove = () => post(`/api/user/security/passkeys/${added.json().passkey.id}/remove`, person.session, { password: PASSWORD });
    expect((await remove()).json()).toEqual(required('second-factors'));
    await stepUp(person.session, { action: 'second-factors', method: 'totp', code: next() });
    expect((await remove()).json()).toEqual({ message: SECURITY_MESSAGES.passkeyRemoved });
  });

  it('an email change is sent to the admins only after a step-up', async () => {
    const { person, next } = await withApp();
    const calls = emailChangeCalls(ctx.app);
    const newEmail = `new.${person.email}`;
    expect((await calls.verifyPassword(person.session)).statusCode).toBe(200);
    expect((await calls.sendLink(person.session, newEmail)).statusCode).toBe(200);
    expect((await calls.openLink(await calls.token(newEmail))).statusCode).toBe(200);
    expect((await calls.upload(person.session)).statusCode).toBe(200);
    expect((await calls.submit(person.session)).json()).toEqual(required('email-change'));
    await stepUp(person.session, { action: 'email-change', method: 'totp', code: next() });
    const submitted = await calls.submit(person.session);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().emailChange.status).toBe('PendingAdminApproval');
  });
});
