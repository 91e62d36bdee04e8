import argon2 from 'argon2';
import { AUTH_ANSWERS, MESSAGES } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HOUR, ManualClock } from '../../platform/clock';
import { anyIp, linkToken, login, mailTo, me, PASSWORD, register, registerAndConfirm, sessionCookie } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { useTestOnlyPasswordHashing } from '../../platform/security/passwords';
import { createAdmin, findUserByEmail } from '../users';

// The subject here is passwords: the production argon2id parameters, asserted below.
useTestOnlyPasswordHashing(false);

const clock = new ManualClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
});
afterAll(() => ctx.close());

let seq = 0;
const newEmail = () => `person${++seq}.${Date.now()}@example.com`;
const post = (url: string, payload: unknown, extra: Record<string, unknown> = {}) => ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: anyIp(), ...extra });

describe('registration', () => {
  const valid = { email: 'valid@example.com', firstName: 'Ada', lastName: 'Lovelace', password: PASSWORD, userType: 'USER' };

  it.each([
    [{ email: '' }, 'email', MESSAGES.emailRequired],
    [{ email: 'a@b' }, 'email', MESSAGES.emailMin],
    [{ firstName: '' }, 'firstName', MESSAGES.firstNameRequired],
    [{ firstName: 'A' }, 'firstName', MESSAGES.firstNameMin],
    [{ password: '' }, 'password', MESSAGES.passwordRequired],
    [{ password: 'ab1' }, 'password', MESSAGES.passwordMin],
    [{ password: '123456' }, 'password', MESSAGES.passwordLetter],
    [{ password: 'abcdef' }, 'password', MESSAGES.passwordNumber],
    [{ userType: 'ADMIN' }, 'userType', MESSAGES.userTypeInvalid],
    [{ userType: 'BUSINESS' }, 'businessName', MESSAGES.businessNameRequired],
    [{ userType: 'BUSINESS', businessName: 'A' }, 'businessName', MESSAGES.businessNameMin],
  ])('answers %o with 400 and the SPEC message on %s', async (change, field, message) => {
    const res = await register(ctx.app, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: message } });
  });

  it('creates nothing on bad input', async () => {
    await register(ctx.app, { ...valid, password: 'x' });
    expect(await mailTo(ctx.app, 'valid@example.com')).toHaveLength(0);
  });

  it('sends a confirmation email with HTML, text and a link from PUBLIC_URL', async () => {
    const email = newEmail();
    const res = await register(ctx.app, { ...valid, email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_ANSWERS.registered });
    const [mail] = await mailTo(ctx.app, email);
    expect(mail?.subject).toBe('Activate your Land Units account');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/account\/confirm\?token=[A-Za-z0-9_-]{43}/);
    expect(mail?.text).toContain('You have 12 hours to activate your account.');
    expect(mail?.html).toContain('href="http://localhost:3000/account/confirm?token=');
  });

  it('answers an existing account exactly like a new one and tells its owner instead', async () => {
    const email = newEmail();
    await registerAndConfirm(ctx.app, email);
    const again = await register(ctx.app, { ...valid, email, password: 'another9' });
    const fresh = await register(ctx.app, { ...valid, email: newEmail() });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.body).toBe(fresh.body);
    const mails = await mailTo(ctx.app, email);
    expect(mails[0]?.subject).toBe('Someone tried to register with your email address');
    // The existing password still works; the attempt changed nothing.
    expect((await login(ctx.app, email, PASSWORD)).statusCode).toBe(200);
  });

  it('never creates an admin, whatever the body says', async () => {
    const email = newEmail();
    const session = await registerAndConfirm(ctx.app, email, { role: 'ADMIN', isAdmin: true, adminRole: 'OWNER', admin_role: 'OWNER' });
    const res = await me(ctx.app, session);
    expect(res.json().user).toMatchObject({ role: 'USER', adminRole: null });
  });

  it('registers a business with its name', async () => {
    const email = newEmail();
    const session = await registerAndConfirm(ctx.app, email, { userType: 'BUSINESS', businessName: 'Acme Forestry Ltd' });
    expect((await me(ctx.app, session)).json().user).toMatchObject({ userType: 'BUSINESS', role: 'BUSINESS', businessName: 'Acme Forestry Ltd' });
  });
});

describe('confirmation', () => {
  it('signs the user in, once, and sends a first-time user to their settings', async () => {
    const email = newEmail();
    await register(ctx.app, { email, firstName: 'Ada', password: PASSWORD, userType: 'USER' });
    const token = await linkToken(ctx.app, email, '/account/confirm');
    const hubspotMetaData = { hutk: 'abc', pageUri: 'http://localhost:3000/register', pageName: 'Register', utmParams: { utm_source: 'news' } };
    const res = await post('/api/auth/confirmation', { token, hubspotMetaData });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ redirectTo: '/dashboard/settings', user: { email, firstLogin: true } });
    const cookie = res.cookies.find((c) => c.name === 'lu_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A readable hint (no secret in it) tells the web app a session exists.
    expect(res.cookies.find((c) => c.name === 'lu_signed_in')).toMatchObject({ value: '1', sameSite: 'Lax' });
    expect(res.cookies.find((c) => c.name === 'lu_signed_in')?.httpOnly).toBeFalsy();

    const reused = await post('/api/auth/confirmation', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(MESSAGES.tokenInvalid);

    const bundle = (await me(ctx.app, cookie?.value)).json();
    expect(bundle).toMatchObject({ user: { email, firstLogin: false }, prices: {}, emailChange: null });
    expect(bundle.user).not.toHaveProperty('passwordHash');
  });

  it('expires after 12 hours', async () => {
    const email = newEmail();
    await register(ctx.app, { email, firstName: 'Ada', password: PASSWORD, userType: 'USER' });
    const token = await linkToken(ctx.app, email, '/account/confirm');
    clock.advance(12 * HOUR + 1000);
    expect((await post('/api/auth/confirmation', { token })).statusCode).toBe(400);
    expect((await login(ctx.app, email, PASSWORD)).statusCode).toBe(403);
  });

  it('is replaced by a resend: the old link stops working, the new one works', async () => {
    const email = newEmail();
    await register(ctx.app, { email, firstName: 'Ada', password: PASSWORD, userType: 'USER' });
    const first = await linkToken(ctx.app, email, '/account/confirm');
    const resend = await post('/api/auth/send-confirmation', { email });
    expect(resend.json()).toEqual({ message: AUTH_ANSWERS.confirmationSent });
    const second = await linkToken(ctx.app, email, '/account/confirm');
    expect(second).not.toBe(first);
    expect((await post('/api/auth/confirmation', { token: first })).statusCode).toBe(400);
    expect((await post('/api/auth/confirmation', { token: second })).statusCode).toBe(200);
  });

  it('rejects a malformed token with the same message', async () => {
    const res = await post('/api/auth/confirmation', { token: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.token).toBe(MESSAGES.tokenInvalid);
  });

  it('Reset Registration deletes the waiting account so the email can register again', async () => {
    const email = newEmail();
    await register(ctx.app, { email, firstName: 'Ada', password: PASSWORD, userType: 'USER' });
    const old = await linkToken(ctx.app, email, '/account/confirm');
    const res = await post('/api/user/register/cancel', { email });
    expect(res.json()).toEqual({ message: AUTH_ANSWERS.registrationCancelled });
    expect((await post('/api/auth/confirmation', { token: old })).statusCode).toBe(400);
    expect((await register(ctx.app, { email, firstName: 'Bea', password: 'newpass7', userType: 'USER' })).statusCode).toBe(200);
  });

  it('Reset Registration never deletes a confirmed account', async () => {
    const email = newEmail();
    await registerAndConfirm(ctx.app, email);
    await post('/api/user/register/cancel', { email });
    expect((await login(ctx.app, email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('stored passwords', () => {
  it("are argon2id hashes with OWASP's minimums (19 MiB, 2 iterations, 1 lane), never the password", async () => {
    const email = newEmail();
    await registerAndConfirm(ctx.app, email);
    const stored = (await findUserByEmail(ctx.database.db, email))?.passwordHash;
    const [, algorithm, version, params] = (stored as string).split('$');
    expect([algorithm, version]).toEqual(['argon2id', 'v=19']);
    expect(Object.fromEntries((params as string).split(',').map((p) => p.split('=')))).toEqual({ m: '19456', t: '2', p: '1' });
    expect(stored).not.toContain(PASSWORD);
    expect(await argon2.verify(stored as string, PASSWORD)).toBe(true);
  });
});

describe('login and sessions', () => {
  it('signs in with a new token each time and lands on /dashboard after the first time', async () => {
    const email = newEmail();
    const fromConfirm = await registerAndConfirm(ctx.app, email);
    const res = await login(ctx.app, email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ redirectTo: '/dashboard', user: { email } });
    const session = sessionCookie(res);
    expect(session).not.toBe(fromConfirm);
    expect((await me(ctx.app, session)).statusCode).toBe(200);
  });

  it('answers an unknown email and a wrong password identically, after verifying a hash both times', async () => {
    const email = newEmail();
    await registerAndConfirm(ctx.app, email);
    const verify = vi.spyOn(argon2, 'verify');
    const wrong = await login(ctx.app, email, 'wrongpass1');
    const unknown = await login(ctx.app, newEmail(), 'wrongpass1');
    expect(verify).toHaveBeenCalledTimes(2);
    verify.mockRestore();
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHORIZED' });
  });

  it('asks an unconfirmed account to verify its email first', async () => {
    const email = newEmail();
    await register(ctx.app, { email, firstName: 'Ada', password: PASSWORD, userType: 'USER' });
    const res = await login(ctx.app, email, PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Please verify your email address first');
  });

  it('ends the session on the server at logout', async () => {
    const session = await registerAndConfirm(ctx.app, newEmail());
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { lu_session: session } });
    expect(out.json()).toEqual({ message: AUTH_ANSWERS.loggedOut });
    expect(out.cookies.find((c) => c.name === 'lu_session')?.value).toBe('');
    expect(out.cookies.find((c) => c.name === 'lu_signed_in')?.value).toBe('');
    const after = await me(ctx.app, session);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: AUTH_ANSWERS.signedOut, code: 'UNAUTHORIZED' });
  });

  it('answers 401 without a session or with a forged one', async () => {
    expect((await me(ctx.app, undefined)).statusCode).toBe(401);
    expect((await me(ctx.app, 'A'.repeat(43))).statusCode).toBe(401);
  });

  it('keeps a session 30 days from its last use', async () => {
    const session = await registerAndConfirm(ctx.app, newEmail());
    clock.advance(20 * 24 * HOUR);
    const used = await me(ctx.app, session);
    expect(used.statusCode).toBe(200);
    expect(used.cookies.find((c) => c.name === 'lu_session')?.maxAge).toBe(30 * 24 * 3600);
    clock.advance(20 * 24 * HOUR);
    expect((await me(ctx.app, session)).statusCode).toBe(200);
    clock.advance(31 * 24 * HOUR);
    expect((await me(ctx.app, session)).statusCode).toBe(401);
  });

  it('lets an admin made by the command sign in as ADMIN', async () => {
    await createAdmin(ctx.database.db, { email: 'boss@example.com', password: 'Admin1234' });
    const res = await login(ctx.app, 'boss@example.com', 'Admin1234');
    expect(res.json().user.role).toBe('ADMIN');
  });
});

describe('password reset', () => {
  it('answers the same for every email and mails only existing accounts', async () => {
    const email = newEmail();
    await registerAndConfirm(ctx.app, email);
    const known = await post('/api/auth/login/forgot', { email });
    const unknownEmail = newEmail();
    const unknown = await post('/api/auth/login/forgot', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: AUTH_ANSWERS.forgotSent });
    expect((await mailTo(ctx.app, email))[0]?.subject).toBe('Reset your Land Units password');
    expect(await mailTo(ctx.app, unknownEmail)).toHaveLength(0);
  });

  it('resets once, ends every session and tells the owner', async () => {
    const email = newEmail();
    const session = await registerAndConfirm(ctx.app, email);
    const other = sessionCookie(await login(ctx.app, email, PASSWORD));
    await post('/api/auth/login/forgot', { email });
    const token = await linkToken(ctx.app, email, '/login/reset');

    expect((await ctx.app.inject({ method: 'GET', url: `/api/auth/verify_password_token/${token}` })).json()).toEqual({ valid: true });
    const weak = await post(`/api/auth/login/reset/${token}`, { password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBe(MESSAGES.passwordMin);

    const res = await post(`/api/auth/login/reset/${token}`, { password: 'newgarden7' });
    expect(res.json()).toEqual({ message: AUTH_ANSWERS.passwordReset });
    expect((await me(ctx.app, session)).statusCode).toBe(401);
    expect((await me(ctx.app, other)).statusCode).toBe(401);
    expect((await login(ctx.app, email, PASSWORD)).statusCode).toBe(401);
    expect((await login(ctx.app, email, 'newgarden7')).statusCode).toBe(200);
    // (That sign-in, from a client without a device cookie, is also emailed about as a new device.)
    expect((await mailTo(ctx.app, email)).map((m) => m.subject)).toContain('Your Land Units password was changed');

    const again = await post(`/api/auth/login/reset/${token}`, { password: 'another8' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.tokenInvalid);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/auth/verify_password_token/${token}` })).statusCode).toBe(400);
  });

  it('expires after 1 hour, and a newer link cancels the older one', async () => {
    const email = newEmail();
    await registerAndConfirm(ctx.app, email);
    await post('/api/auth/login/forgot', { email });
    const first = await linkToken(ctx.app, email, '/login/reset');
    await post('/api/auth/login/forgot', { email });
    const second = await linkToken(ctx.app, email, '/login/reset');
    expect((await post(`/api/auth/login/reset/${first}`, { password: 'newgarden7' })).statusCode).toBe(400);
    clock.advance(HOUR + 1000);
    expect((await post(`/api/auth/login/reset/${second}`, { password: 'newgarden7' })).statusCode).toBe(400);
    expect((await login(ctx.app, email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('mail delivery', () => {
  it('delivers each queued email exactly once, however often the runner passes', async () => {
    const email = newEmail();
    await register(ctx.app, { email, firstName: 'Ada', password: PASSWORD, userType: 'USER' });
    await Promise.all([ctx.app.jobs.runOnce(), ctx.app.jobs.runOnce(), ctx.app.jobs.drain()]);
    await ctx.app.jobs.drain();
    expect(await mailTo(ctx.app, email)).toHaveLength(1);
  });
});
