import { ACCOUNT_MESSAGES, AUTH_ANSWERS } from '@landunits/domain';
import { ACCOUNT_SETTINGS_ANSWERS } from '@landunits/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyIp, linkToken, login, mailTo, me, PASSWORD, registerAndConfirm, sessionCookie } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { useTestOnlyPasswordHashing } from '../../platform/security/passwords';

// The subject here is passwords: hashed with the production parameters.
useTestOnlyPasswordHashing(false);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const URL = '/api/user/update_user_password';
const NEW = 'Meadow2026';
let seq = 0;
const newEmail = () => `changer${++seq}.${Date.now()}@example.com`;
const A = ACCOUNT_MESSAGES;

const change = (session: string | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: URL, payload: payload as object, remoteAddress: anyIp(), ...(session ? { cookies: { lu_session: session } } : {}) });

const valid = { currentPassword: PASSWORD, newPassword: NEW, confirmPassword: NEW };

describe('changing the password', () => {
  let session: string;
  beforeAll(async () => {
    session = await registerAndConfirm(ctx.app, newEmail());
  });

  it.each([
    [{ newPassword: '', confirmPassword: '' }, 'newPassword', A.passwordRequired],
    [{ newPassword: undefined }, 'newPassword', A.passwordRequired],
    [{ newPassword: 'Short1', confirmPassword: 'Short1' }, 'newPassword', A.passwordMin],
    [{ newPassword: `A1${'a'.repeat(254)}`, confirmPassword: `A1${'a'.repeat(254)}` }, 'newPassword', A.passwordMax],
    [{ newPassword: 'meadow2026', confirmPassword: 'meadow2026' }, 'newPassword', A.passwordUppercase],
    [{ newPassword: 'MeadowGreen', confirmPassword: 'MeadowGreen' }, 'newPassword', A.passwordNumber],
    [{ confirmPassword: '' }, 'confirmPassword', A.confirmRequired],
    [{ confirmPassword: undefined }, 'confirmPassword', A.confirmRequired],
    [{ confirmPassword: 'Meadow2027' }, 'confirmPassword', A.passwordsMatch],
    [{ currentPassword: '' }, 'currentPassword', A.passwordRequired],
  ])('answers %o with 400 and the SPEC message on %s', async (changes, field, message) => {
    const res = await change(session, { ...valid, ...changes });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: message } });
    expect((await me(ctx.app, session)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await change(undefined, valid);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a wrong current password on its field, and a new password equal to the current one', async () => {
    const wrong = await change(session, { ...valid, currentPassword: 'garden43' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: A.currentPasswordWrong, code: 'VALIDATION_FAILED', errors: { currentPassword: A.currentPasswordWrong } });
    const email = newEmail();
    const other = await registerAndConfirm(ctx.app, email);
    await change(other, { currentPassword: PASSWORD, newPassword: NEW, confirmPassword: NEW });
    const same = await change(other, { currentPassword: NEW, newPassword: NEW, confirmPassword: NEW });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ errors: { newPassword: A.newPasswordSame } });
  });
});

describe('a successful change', () => {
  it('keeps this session, ends every other one, emails the owner, and the new password is the one that logs in', async () => {
    const email = newEmail();
    const current = await registerAndConfirm(ctx.app, email);
    const elsewhere = sessionCookie(await login(ctx.app, email, PASSWORD));
    const third = sessionCookie(await login(ctx.app, email, PASSWORD));

    const res = await change(current, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_SETTINGS_ANSWERS.passwordChanged });

    expect((await me(ctx.app, current)).statusCode).toBe(200);
    expect((await me(ctx.app, elsewhere)).statusCode).toBe(401);
    expect((await me(ctx.app, third)).statusCode).toBe(401);

    expect((await login(ctx.app, email, PASSWORD)).json()).toEqual({ message: AUTH_ANSWERS.invalidLogin, code: 'UNAUTHORIZED' });
    expect((await login(ctx.app, email, NEW)).statusCode).toBe(200);

    const mails = await mailTo(ctx.app, email);
    const changed = mails.filter((m) => m.subject === 'Your password was changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]?.text).toContain('Every other device where you were signed in has been signed out.');
    expect(changed[0]?.text).toContain('http://localhost:3000/login-forgot');
  });
});

describe('a reset link sent before the change', () => {
  it('no longer works once the password was changed', async () => {
    const email = newEmail();
    const session = await registerAndConfirm(ctx.app, email);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/login/forgot', payload: { email }, remoteAddress: anyIp() });
    const token = await linkToken(ctx.app, email, '/login/reset');
    expect((await change(session, valid)).statusCode).toBe(200);
    const reset = await ctx.app.inject({ method: 'POST', url: `/api/auth/login/reset/${token}`, payload: { password: 'taken0ver' }, remoteAddress: anyIp() });
    expect(reset.statusCode).toBe(400);
    expect((await login(ctx.app, email, 'taken0ver')).statusCode).toBe(401);
    expect((await login(ctx.app, email, NEW)).statusCode).toBe(200);
  });
});

describe('wrong current passwords', () => {
  it('are limited per account like failed logins: the sixth try in 15 minutes gets 429, even with the right password', async () => {
    const email = newEmail();
    const session = await registerAndConfirm(ctx.app, email);
    for (let i = 0; i < 5; i++) expect((await change(session, { ...valid, currentPassword: `wrong${i}` })).statusCode).toBe(400);
    const limited = await change(session, valid);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: AUTH_ANSWERS.tooMany, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(ctx.app, email, PASSWORD)).statusCode).toBe(200);
  });
});
