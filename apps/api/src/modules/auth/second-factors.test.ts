import { formatMoment, MONEY_HOLD_MS, SECURITY_MESSAGES } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE } from '../../platform/clock';
import { anyIp, appCode, login, mailTo, me, PASSWORD, sessionCookie } from '../../test/accounts';
import { createAdminPerson, createPerson } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { activeMoneyHold } from './money-holds';
import { resetSecondFactors } from './second-factors/reset-second-factors';

/** Authenticator codes, recovery codes and the second step of sign-in (docs/decisions/0046). */

const clock = new ManualClock(new Date('2026-06-01T08:00:10Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
});
afterAll(() => ctx.close());

const STEP = 30_000;
const origin = { origin: 'http://localhost:3000' };
const post = (url: string, session: string | undefined, payload: unknown = {}, cookies: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: origin, payload: payload as object, cookies: { ...(session ? { lu_session: session } : {}), ...cookies }, remoteAddress: anyIp() });
/** When a hold started now ends: 48 hours on, at the next whole minute. */
const holdEnd = () => new Date(Math.ceil((clock.now().getTime() + MONEY_HOLD_MS) / 60_000) * 60_000);
const overview = async (session: string) => (await ctx.app.inject({ method: 'GET', url: '/api/user/security', cookies: { lu_session: session } })).json();

/** Sets up an app in `session`; answers its secret and the recovery codes. */
async function enrol(session: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post('/api/user/security/totp/setup', session);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUrl, qrCodeSvg } = setup.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Land%20Units:.+\?.*secret=/);
  expect(qrCodeSvg).toContain('<svg');
  const confirmed = await post('/api/user/security/totp', session, { code: appCode(secret, clock.now().getTime()), password: PASSWORD });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json().recoveryCodes };
}

/** The password step; answers the lu_signin cookie of the second step. */
async function passwordStep(email: string): Promise<string> {
  const res = await login(ctx.app, email, PASSWORD);
  expect(res.json()).toEqual({ secondFactor: { methods: ['totp', 'recovery'] } });
  expect(res.cookies.find((c) => c.name === 'lu_session')).toBeUndefined();
  const cookie = res.cookies.find((c) => c.name === 'lu_signin');
  expect(cookie?.httpOnly).toBe(true);
  return cookie!.value;
}

const secondStep = (challenge: string | undefined, method: 'totp' | 'recovery', code: string) =>
  post('/api/auth/login/second-factor', undefined, { method, code }, challenge ? { lu_signin: challenge } : {});
const nextStep = () => clock.advance(STEP);

describe('setting up an authenticator app', () => {
  it('needs the password and a right code; answers ten recovery codes once and emails the owner', async () => {
    const person = await createPerson(ctx.app);
    const setup = (await post('/api/user/security/totp/setup', person.session)).json();
    const now = clock.now().getTime();
    const wrongPassword = await post('/api/user/security/totp', person.session, { code: appCode(setup.secret, now), password: 'not-it-1' });
    expect(wrongPassword.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { password: SECURITY_MESSAGES.passwordWrong } });
    const wrongCode = await post('/api/user/security/totp', person.session, { code: appCode(setup.secret, now + 5 * STEP), password: PASSWORD });
    expect(wrongCode.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { code: SECURITY_MESSAGES.codeWrong } });
    expect((await overview(person.session)).totp.enabled).toBe(false);

    const confirmed = await post('/api/user/security/totp', person.session, { code: appCode(setup.secret, now), password: PASSWORD });
    expect(confirmed.json().message).toBe(SECURITY_MESSAGES.totpSet);
    const codes: string[] = confirmed.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(await overview(person.session)).toMatchObject({ totp: { enabled: true }, recoveryCodesLeft: 10 });
    expect((await mailTo(ctx.app, person.email)).map((m) => m.subject)).toContain('Your authenticator app is set up');
    // A second app needs the first one removed.
    expect((await post('/api/user/security/totp/setup', person.session)).json()).toMatchObject({ code: 'CONFLICT', message: SECURITY_MESSAGES.totpAlreadySet });
  });

  it('refuses a set-up older than 30 minutes', async () => {
    const person = await createPerson(ctx.app);
    const setup = (await post('/api/user/security/totp/setup', person.session)).json();
    clock.advance(31 * MINUTE);
    const late = await post('/api/user/security/totp', person.session, { code: appCode(setup.secret, clock.now().getTime()), password: PASSWORD });
    expect(late.json()).toMatchObject({ code: 'CONFLICT', message: SECURITY_MESSAGES.setupExpired });
  });
});

describe('signing in with a second factor', () => {
  it('opens no session with the password alone; a right code does, and the same code is refused the next time', async () => {
    const person = await createPerson(ctx.app);
    const { secret } = await enrol(person.session);
    nextStep();
    const challenge = await passwordStep(person.email);
    const code = appCode(secret, clock.now().getTime());
    const wrong = await secondStep(challenge, 'totp', appCode(secret, clock.now().getTime() - 3 * STEP));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(SECURITY_MESSAGES.codeWrong);

    const ok = await secondStep(challenge, 'totp', code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().redirectTo).toBe('/dashboard');
    expect((await me(ctx.app, sessionCookie(ok))).json().user.email).toBe(person.email);
    // The challenge ended with the right answer.
    expect((await secondStep(challenge, 'totp', code)).json().message).toBe(SECURITY_MESSAGES.signInExpired);

    // The same code, in its window, on a new sign-in: refused.
    const again = await secondStep(await passwordStep(person.email), 'totp', code);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(SECURITY_MESSAGES.codeWrong);
  });

  it('accepts one step of clock drift either side, not two; two requests with one code open one session', async () => {
    const person = await createPerson(ctx.app);
    const { secret } = await enrol(person.session);
    clock.advance(3 * STEP);
    const now = clock.now().getTime();
    expect((await secondStep(await passwordStep(person.email), 'totp', appCode(secret, now - 2 * STEP))).statusCode).toBe(401);
    expect((await secondStep(await passwordStep(person.email), 'totp', appCode(secret, now - STEP))).statusCode).toBe(200);
    expect((await secondStep(await passwordStep(person.email), 'totp', appCode(secret, now + 2 * STEP))).statusCode).toBe(401);

    const [a, b] = [await passwordStep(person.email), await passwordStep(person.email)];
    const code = appCode(secret, now + STEP);
    const answers = await Promise.all([secondStep(a, 'totp', code), secondStep(b, 'totp', code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('ends the second step after ten minutes or five wrong codes; it never works without the password step', async () => {
    const person = await createPerson(ctx.app);
    const { secret } = await enrol(person.session);
    nextStep();
    const late = await passwordStep(person.email);
    clock.advance(11 * MINUTE);
    expect((await secondStep(late, 'totp', appCode(secret, clock.now().getTime()))).json()).toEqual({ code: 'SIGN_IN_EXPIRED', message: SECURITY_MESSAGES.signInExpired });
    expect((await secondStep(undefined, 'totp', appCode(secret, clock.now().getTime()))).json().message).toBe(SECURITY_MESSAGES.signInExpired);

    const tried = await passwordStep(person.email);
    for (let i = 0; i < 4; i++) expect((await secondStep(tried, 'totp', '000000')).json().code).toBe('UNAUTHORIZED');
    // The fifth wrong code ends the challenge, saying so; a right code then finds nothing to answer.
    expect((await secondStep(tried, 'totp', '000000')).json()).toEqual({ code: 'SIGN_IN_EXPIRED', message: SECURITY_MESSAGES.tooManyCodes });
    expect((await secondStep(tried, 'totp', appCode(secret, clock.now().getTime()))).json().code).toBe('SIGN_IN_EXPIRED');
    // The owner is told someone knew the password, from which address.
    const stopped = 'Someone entered your password but not your second factor';
    const told = (await mailTo(ctx.app, person.email)).filter((m) => m.subject === stopped);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/from the address 10\.\d+\.\d+\.\d+ at /);

    // Tries sent at once each take one of the five: never more than five are checked.
    const other = await createPerson(ctx.app);
    await enrol(other.session);
    const burst = await passwordStep(other.email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => secondStep(burst, 'totp', '111111')));
    expect(answers.filter((r) => r.json().code === 'UNAUTHORIZED' || r.json().message === SECURITY_MESSAGES.tooManyCodes)).toHaveLength(5);
    expect((await mailTo(ctx.app, other.email)).filter((m) => m.subject === stopped)).toHaveLength(1);
  });

  it('takes a recovery code once, after the password, and tells the owner by email', async () => {
    const person = await createPerson(ctx.app);
    const { recoveryCodes } = await enrol(person.session);
    const code = recoveryCodes[3]!;
    const ok = await secondStep(await passwordStep(person.email), 'recovery', code.toUpperCase().replace(/-/g, ' '));
    expect(ok.statusCode, ok.body).toBe(200);
    const session = sessionCookie(ok);
    expect(await overview(session)).toMatchObject({ recoveryCodesLeft: 9 });
    expect((await overview(session)).sessions.find((s: { current: boolean }) => s.current).secondFactor).toBe('recovery');
    const mail = (await mailTo(ctx.app, person.email)).find((m) => m.subject === 'A recovery code was used to sign in');
    expect(mail?.text).toContain('you have 9 left');
    expect((await secondStep(await passwordStep(person.email), 'recovery', code)).json().message).toBe(SECURITY_MESSAGES.recoveryCodeWrong);
    // Without the password step there is nothing to answer.
    expect((await secondStep(undefined, 'recovery', recoveryCodes[4]!)).json().message).toBe(SECURITY_MESSAGES.signInExpired);
  });
});

describe('changing second factors', () => {
  it('makes new recovery codes (the old ones stop working) and removes the app with the password and a code', async () => {
    const person = await createPerson(ctx.app);
    const { secret, recoveryCodes } = await enrol(person.session);
    nextStep();
    const fresh = await post('/api/user/security/recovery-codes', person.session, { code: appCode(secret, clock.now().getTime()), password: PASSWORD });
    expect(fresh.json().message).toBe(SECURITY_MESSAGES.recoveryCodesMade);
    // Setting up and new codes hold no money; a removal does (decision 0049).
    expect((await overview(person.session)).moneyHold).toBeNull();
    expect((await secondStep(await passwordStep(person.email), 'recovery', recoveryCodes[0]!)).statusCode).toBe(401);

    // Someone who lost their phone removes the app with a recovery code.
    const removed = await post('/api/user/security/totp/remove', person.session, { code: fresh.json().recoveryCodes[0], password: PASSWORD });
    expect(removed.json()).toEqual({ message: SECURITY_MESSAGES.totpRemoved });
    expect(await overview(person.session)).toMatchObject({
      totp: { enabled: false },
      recoveryCodesLeft: null,
      moneyHold: { reason: 'second-factor-removed', startedAt: clock.now().toISOString(), until: holdEnd().toISOString() },
    });
    const plain = await login(ctx.app, person.email, PASSWORD);
    expect(plain.json().redirectTo).toBe('/dashboard');
    expect((await mailTo(ctx.app, person.email)).map((m) => m.subject)).toEqual(expect.arrayContaining(['Your recovery codes were replaced', 'Your authenticator app was removed']));
  });
});

describe('a password change or reset', () => {
  it('ends the second steps in flight: one opened with the old password does not finish', async () => {
    const person = await createPerson(ctx.app);
    const { secret } = await enrol(person.session);
    nextStep();
    const challenge = await passwordStep(person.email);
    await post('/api/auth/login/forgot', undefined, { email: person.email });
    const token = /token=([A-Za-z0-9_-]{43})/.exec((await mailTo(ctx.app, person.email)).find((m) => m.subject === 'Reset your Land Units password')!.text)![1];
    expect((await post(`/api/auth/login/reset/${token}`, undefined, { password: 'meadow77' })).statusCode).toBe(200);
    expect((await secondStep(challenge, 'totp', appCode(secret, clock.now().getTime()))).json().code).toBe('SIGN_IN_EXPIRED');
    // The reset starts the cooling-off (decision 0049), and its email says until when.
    expect(await activeMoneyHold(ctx.database.db, person.id, clock.now())).toMatchObject({ reason: 'password-reset', startedAt: clock.now().toISOString() });
    const changed = (await mailTo(ctx.app, person.email)).find((m) => m.subject === 'Your Land Units password was changed');
    expect(changed?.text).toContain(`sales and transfers are paused until ${formatMoment(holdEnd())}`);
  });
});

describe('admins', () => {
  const adminRoute = (session: string) => ctx.app.inject({ method: 'GET', url: '/api/admin/home', cookies: { lu_session: session } });

  it('get no admin permission from a password-only or recovery-code session; setting up the app at first sign-in grants it', async () => {
    const admin = await createAdminPerson(ctx.app, 'OWNER', { secondFactor: null });
    const first = await login(ctx.app, admin.email, PASSWORD);
    expect(first.json().redirectTo).toBe('/dashboard/settings/security');
    const session = sessionCookie(first);
    expect((await adminRoute(session)).json()).toEqual({ code: 'SECOND_FACTOR_REQUIRED', message: SECURITY_MESSAGES.adminSecondFactor });
    expect(await overview(session)).toMatchObject({ adminNeedsSecondFactor: true });

    const { recoveryCodes } = await enrol(session);
    expect((await adminRoute(session)).statusCode).toBe(200);
    expect(await overview(session)).toMatchObject({ adminNeedsSecondFactor: false });

    const recovered = await secondStep(await passwordStep(admin.email), 'recovery', recoveryCodes[0]!);
    expect(recovered.json().redirectTo).toBe('/dashboard/settings/security');
    const fallback = sessionCookie(recovered);
    expect((await adminRoute(fallback)).json().code).toBe('SECOND_FACTOR_REQUIRED');
    // Nor can a recovery code swap in another app for staff (that would reach the admin area): an operator resets it.
    const swap = await post('/api/user/security/totp/remove', fallback, { code: recoveryCodes[1], password: PASSWORD });
    expect(swap.json().errors).toEqual({ code: SECURITY_MESSAGES.staffRemoveNeedsApp });
    expect((await overview(fallback)).totp.enabled).toBe(true);

    expect(await resetSecondFactors(ctx.app.ctx, 'nobody.here@example.com')).toBe(false);
    expect(await resetSecondFactors(ctx.app.ctx, admin.email)).toBe(true);
    expect((await me(ctx.app, session)).statusCode).toBe(401);
    const told = (await mailTo(ctx.app, admin.email)).find((m) => m.subject === 'Your second factors were reset');
    expect(told?.text).toContain('your authenticator app, every passkey and every recovery code were removed');
    // Staff hold no Units (decision 0037): nothing of theirs waits, and the email says nothing of it.
    expect(told?.text).not.toContain('sales and transfers are paused');
    expect((await login(ctx.app, admin.email, PASSWORD)).json().redirectTo).toBe('/dashboard/settings/security');
  });
});

describe('sessions and devices', () => {
  const chrome = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

  it('lists each session with its device and address; signs out one other session, or all of them', async () => {
    const person = await createPerson(ctx.app);
    const other = sessionCookie(await login(ctx.app, person.email, PASSWORD, { 'user-agent': chrome }));
    const third = sessionCookie(await login(ctx.app, person.email, PASSWORD));
    const { sessions } = await overview(person.session);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const chromeSession = sessions.find((s: { device: string }) => s.device === 'Chrome on macOS');
    expect(chromeSession.ipAddress).toMatch(/^10\./);

    const stranger = await createPerson(ctx.app);
    const foreign = await ctx.app.inject({ method: 'DELETE', url: `/api/user/security/sessions/${chromeSession.id}`, headers: origin, cookies: { lu_session: stranger.session } });
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: SECURITY_MESSAGES.sessionNotFound });
    const current = sessions.find((s: { current: boolean }) => s.current);
    for (const id of [current.id.toUpperCase(), 'a'.repeat(36), 'not-an-id']) {
      const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/user/security/sessions/${id}`, headers: origin, cookies: { lu_session: person.session } });
      expect(refused.json()).toEqual({ code: 'NOT_FOUND', message: SECURITY_MESSAGES.sessionNotFound });
    }
    const ended = await ctx.app.inject({ method: 'DELETE', url: `/api/user/security/sessions/${chromeSession.id}`, headers: origin, cookies: { lu_session: person.session } });
    expect(ended.json()).toEqual({ message: SECURITY_MESSAGES.sessionEnded });
    expect((await me(ctx.app, other)).statusCode).toBe(401);
    expect((await me(ctx.app, third)).statusCode).toBe(200);

    const all = await post('/api/user/security/sessions/sign-out-others', person.session);
    expect(all.json()).toEqual({ message: SECURITY_MESSAGES.otherSessionsEnded, ended: 1 });
    expect((await me(ctx.app, third)).statusCode).toBe(401);
    expect((await me(ctx.app, person.session)).statusCode).toBe(200);

    // Each is emailed (someone else in the session could be signing the person out elsewhere); nothing ended, nothing sent.
    expect((await post('/api/user/security/sessions/sign-out-others', person.session)).json()).toEqual({ message: SECURITY_MESSAGES.otherSessionsEnded, ended: 0 });
    const told = (await mailTo(ctx.app, person.email)).filter((m) => m.subject === 'A session of your account was signed out');
    expect(told).toHaveLength(2);
    expect(told[0]?.text).toContain('If this was not you, someone is signed in to your account');
  });

  it('emails once about a sign-in from a browser the person has not used before', async () => {
    const person = await createPerson(ctx.app);
    const newDevice = async () => (await mailTo(ctx.app, person.email)).filter((m) => m.subject === 'New sign-in to your Land Units account');
    const first = await login(ctx.app, person.email, PASSWORD, { 'user-agent': chrome });
    const device = first.cookies.find((c) => c.name === 'lu_device');
    expect(device?.httpOnly).toBe(true);
    expect(await newDevice()).toHaveLength(0);
    const same = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.email, password: PASSWORD }, cookies: { lu_device: device!.value }, remoteAddress: anyIp() });
    expect(same.statusCode).toBe(200);
    expect(await newDevice()).toHaveLength(0);
    await login(ctx.app, person.email, PASSWORD, { 'user-agent': chrome.replace('Macintosh; Intel Mac OS X 10_15_7', 'Windows NT 10.0; Win64; x64') });
    const mails = await newDevice();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Chrome on Windows');
  });
});
