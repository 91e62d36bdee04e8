import { SECURITY_MESSAGES } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE } from '../../platform/clock';
import { anyIp, login, mailTo, me, PASSWORD, sessionCookie } from '../../test/accounts';
import { createAdminPerson, createPerson, type TestPerson } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { PasskeyDevice, TEST_ORIGIN, type Ceremony } from '../../test/passkey-device';

/** Passkeys (docs/decisions/0047): registering, signing in with one alone or as the second step, and what is refused. */

const clock = new ManualClock(new Date('2026-06-01T08:00:10Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
});
afterAll(() => ctx.close());

const post = (url: string, session: string | undefined, payload: unknown = {}, cookies: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN }, payload: payload as object, cookies: { ...(session ? { lu_session: session } : {}), ...cookies }, remoteAddress: anyIp() });
const overview = async (session: string) => (await ctx.app.inject({ method: 'GET', url: '/api/user/security', cookies: { lu_session: session } })).json();
const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) => res.cookies.find((c) => c.name === name)?.value;

/** Each test person's registered passkeys, as their devices hold them. */
const devicesOf = new Map<string, PasskeyDevice[]>();

/** A step-up for changing second factors (decision 0050), answered with one of the person's passkeys. */
async function confirmWith(session: string, device: PasskeyDevice) {
  const options = await post('/api/user/security/step-up/options', session, { action: 'second-factors' });
  const res = await post('/api/user/security/step-up', session, { action: 'second-factors', method: 'passkey', answer: device.answer(options.json().passkey) });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * Registers `device` for `person` (options, then the answer with a name and the password); a person
 * who has a passkey already first confirms it is them with it.
 */
async function register(person: TestPerson, device: PasskeyDevice, ceremony: Ceremony = {}, name = 'Laptop') {
  const known = devicesOf.get(person.id) ?? [];
  if (known[0]) await confirmWith(person.session, known[0]);
  const options = await post('/api/user/security/passkeys/options', person.session, { password: PASSWORD });
  expect(options.statusCode, options.body).toBe(200);
  expect(options.json()).toMatchObject({ rp: { id: 'localhost', name: 'Land Units' }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
  const added = await post('/api/user/security/passkeys', person.session, { name, password: PASSWORD, answer: device.register(options.json(), ceremony) });
  if (added.statusCode === 200) devicesOf.set(person.id, [...known, device]);
  return added;
}

/** Signs in with a passkey alone: this browser's options (lu_passkey), then the device's answer. */
async function passkeySignIn(device: PasskeyDevice, ceremony: Ceremony = {}) {
  const options = await post('/api/auth/passkey/options', undefined);
  expect(options.statusCode, options.body).toBe(200);
  expect(options.json().allowCredentials ?? []).toEqual([]);
  const browser = cookieOf(options, 'lu_passkey')!;
  expect(browser).toBeTruthy();
  const answer = device.answer(options.json(), ceremony);
  return { res: await post('/api/auth/passkey', undefined, { answer }, { lu_passkey: browser }), answer, browser };
}

describe('registering a passkey', () => {
  it('needs the password; the first second factor also answers ten recovery codes; the owner is emailed', async () => {
    const person = await createPerson(ctx.app);
    const device = new PasskeyDevice();
    // Checked before any options are made (before the browser's prompt), and again with the answer.
    for (const payload of [{ password: 'not-it-1' }, {}]) {
      const early = await post('/api/user/security/passkeys/options', person.session, payload);
      expect(early.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { password: expect.any(String) } });
      expect(early.json()).not.toHaveProperty('challenge');
    }
    const options = (await post('/api/user/security/passkeys/options', person.session, { password: PASSWORD })).json();
    const wrongPassword = await post('/api/user/security/passkeys', person.session, { name: 'Laptop', password: 'not-it-1', answer: device.register(options) });
    expect(wrongPassword.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { password: SECURITY_MESSAGES.passwordWrong } });

    const added = await register(person, device);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ message: SECURITY_MESSAGES.passkeyAdded, passkey: { name: 'Laptop' } });
    expect(added.json().recoveryCodes).toHaveLength(10);
    const view = await overview(person.session);
    expect(view.passkeys).toEqual([{ id: added.json().passkey.id, name: 'Laptop', createdAt: clock.now().toISOString(), lastUsedAt: null, synced: false }]);
    expect(view.recoveryCodesLeft).toBe(10);
    expect((await mailTo(ctx.app, person.email)).map((m) => m.subject)).toContain('A passkey was added to your account');

    // A second one makes no new codes; the same credential again is refused.
    const second = await register(person, new PasskeyDevice(true), {}, 'Phone');
    expect(second.json()).toMatchObject({ passkey: { name: 'Phone' }, recoveryCodes: null });
    const again = await register(person, device);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: SECURITY_MESSAGES.passkeyDuplicate });
  });

  it.each<[string, Ceremony]>([
    ['another challenge', { challenge: 'bm90LXRoZS1jaGFsbGVuZ2UtYXQtYWxs' }],
    ['another origin', { origin: 'https://land-units.example.net' }],
    ['another RP ID', { rpId: 'example.net' }],
    ['no user verification', { unverified: true }],
  ])('refuses an answer with %s, and stores nothing', async (_, ceremony) => {
    const person = await createPerson(ctx.app);
    const refused = await register(person, new PasskeyDevice(), ceremony);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: SECURITY_MESSAGES.passkeyRefused });
    expect((await overview(person.session)).passkeys).toEqual([]);
  });

  it('uses each challenge once, only in the session that asked for it, within five minutes', async () => {
    const person = await createPerson(ctx.app);
    const other = await login(ctx.app, person.email, PASSWORD);
    const otherSession = sessionCookie(other);
    const device = new PasskeyDevice();
    const options = (await post('/api/user/security/passkeys/options', person.session, { password: PASSWORD })).json();
    const answer = device.register(options);
    // Another session of the same person has no challenge to answer.
    expect((await post('/api/user/security/passkeys', otherSession, { name: 'Laptop', password: PASSWORD, answer })).json()).toMatchObject({
      code: 'CONFLICT',
      message: SECURITY_MESSAGES.passkeyExpired,
    });
    clock.advance(6 * MINUTE);
    expect((await post('/api/user/security/passkeys', person.session, { name: 'Laptop', password: PASSWORD, answer })).json()).toMatchObject({ code: 'CONFLICT' });

    const fresh = (await post('/api/user/security/passkeys/options', person.session, { password: PASSWORD })).json();
    const good = device.register(fresh);
    expect((await post('/api/user/security/passkeys', person.session, { name: 'Laptop', password: PASSWORD, answer: good })).statusCode).toBe(200);
    // Now a passkey is set up, another needs a step-up (decision 0050): given, the used challenge is still refused.
    await confirmWith(person.session, device);
    expect((await post('/api/user/security/passkeys', person.session, { name: 'Laptop', password: PASSWORD, answer: good })).json()).toMatchObject({
      code: 'CONFLICT',
      message: SECURITY_MESSAGES.passkeyExpired,
    });
  });

  it('checks the name and the answer’s shape before anything else', async () => {
    const person = await createPerson(ctx.app);
    const res = await post('/api/user/security/passkeys', person.session, { name: ' ', password: PASSWORD, answer: { id: 'x', type: 'public-key' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ name: SECURITY_MESSAGES.passkeyNameRequired });
  });
});

describe('signing in with a passkey', () => {
  it('signs in with the passkey alone: a session that counts as a second factor, the challenge used once', async () => {
    const person = await createPerson(ctx.app);
    const device = new PasskeyDevice();
    await register(person, device);
    const { res, answer, browser } = await passkeySignIn(device);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: person.email } });
    const session = sessionCookie(res);
    expect((await me(ctx.app, session)).statusCode).toBe(200);
    expect((await overview(session)).sessions.find((s: { current: boolean }) => s.current)).toMatchObject({ secondFactor: 'passkey' });
    expect((await overview(session)).passkeys[0].lastUsedAt).toBe(clock.now().toISOString());
    // The same answer again: its challenge is gone.
    expect((await post('/api/auth/passkey', undefined, { answer }, { lu_passkey: browser })).json()).toMatchObject({ code: 'SIGN_IN_EXPIRED' });
  });

  it.each<[string, Ceremony]>([
    ['another challenge', { challenge: 'bm90LXRoZS1jaGFsbGVuZ2UtYXQtYWxs' }],
    ['another origin', { origin: 'http://localhost:3001' }],
    ['another RP ID', { rpId: 'evil.example' }],
    ['no user verification', { unverified: true }],
  ])('refuses an answer with %s', async (_, ceremony) => {
    const person = await createPerson(ctx.app);
    const device = new PasskeyDevice();
    await register(person, device);
    const { res } = await passkeySignIn(device, ceremony);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: SECURITY_MESSAGES.passkeyRefused });
    expect(res.cookies.find((c) => c.name === 'lu_session')).toBeUndefined();
  });

  it('answers only the challenge of the browser that asked (its lu_passkey cookie)', async () => {
    const person = await createPerson(ctx.app);
    const device = new PasskeyDevice();
    await register(person, device);
    const mine = await post('/api/auth/passkey/options', undefined);
    const theirs = await post('/api/auth/passkey/options', undefined);
    const answer = device.answer(mine.json());
    expect((await post('/api/auth/passkey', undefined, { answer }, { lu_passkey: cookieOf(theirs, 'lu_passkey')! })).statusCode).toBe(401);
    expect((await post('/api/auth/passkey', undefined, { answer })).json()).toMatchObject({ code: 'SIGN_IN_EXPIRED' });
  });

  it('accepts a synced passkey whose counter stays 0, and refuses a counter that went back', async () => {
    const person = await createPerson(ctx.app);
    const synced = new PasskeyDevice(true);
    await register(person, synced);
    for (let i = 0; i < 2; i++) expect((await passkeySignIn(synced)).res.statusCode).toBe(200);
    expect((await overview(person.session)).passkeys[0].synced).toBe(true);

    const device = new PasskeyDevice();
    await register(person, device, {}, 'Key');
    expect((await passkeySignIn(device)).res.statusCode).toBe(200);
    expect((await passkeySignIn(device)).res.statusCode).toBe(200);
    device.counter = 0; // a cloned authenticator replaying an old count
    expect((await passkeySignIn(device)).res.statusCode).toBe(401);
  });

  it('refuses an unknown passkey and a disabled account', async () => {
    expect((await passkeySignIn(new PasskeyDevice())).res.statusCode).toBe(401);
    const person = await createPerson(ctx.app);
    const device = new PasskeyDevice();
    await register(person, device);
    await ctx.app.ctx.db.execute(`update users set disabled_at = now() where id = '${person.id}'` as never);
    expect((await passkeySignIn(device)).res.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
  });

  it('is the second step after the password, and gives an admin their permissions', async () => {
    const admin = await createAdminPerson(ctx.app, 'OWNER', { secondFactor: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/users', cookies: { lu_session: admin.session } })).json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    const device = new PasskeyDevice();
    // Adding the passkey confirms this session: the admin area opens at once.
    expect((await register(admin, device)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/users', cookies: { lu_session: admin.session } })).statusCode).toBe(200);

    const password = await login(ctx.app, admin.email, PASSWORD);
    expect(password.json()).toEqual({ secondFactor: { methods: ['passkey', 'recovery'] } });
    const signIn = cookieOf(password, 'lu_signin')!;
    const options = await post('/api/auth/login/second-factor/passkey', undefined, {}, { lu_signin: signIn });
    expect(options.json().allowCredentials).toEqual([expect.objectContaining({ id: device.id })]);
    // Another account's passkey is refused and takes one of the five tries.
    const stranger = new PasskeyDevice();
    await register(await createPerson(ctx.app), stranger);
    expect((await post('/api/auth/login/second-factor', undefined, { method: 'passkey', answer: stranger.answer(options.json()) }, { lu_signin: signIn })).statusCode).toBe(401);
    const again = (await post('/api/auth/login/second-factor/passkey', undefined, {}, { lu_signin: signIn })).json();
    const done = await post('/api/auth/login/second-factor', undefined, { method: 'passkey', answer: device.answer(again) }, { lu_signin: signIn });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().redirectTo).not.toBe('/dashboard/settings/security');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/users', cookies: { lu_session: sessionCookie(done) } })).statusCode).toBe(200);
  });
});

describe('renaming and removing passkeys', () => {
  it('renames and removes only the person’s own; the last one takes the recovery codes with it', async () => {
    const person = await createPerson(ctx.app);
    const stranger = await createPerson(ctx.app);
    const device = new PasskeyDevice();
    const id = (await register(person, device)).json().passkey.id;
    const patch = (session: string, name: string) => ctx.app.inject({ method: 'PATCH', url: `/api/user/security/passkeys/${id}`, payload: { name }, cookies: { lu_session: session } });
    expect((await patch(stranger.session, 'Mine now')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await patch(person.session, 'Work laptop')).json()).toEqual({ message: SECURITY_MESSAGES.passkeyRenamed });
    expect((await overview(person.session)).passkeys[0].name).toBe('Work laptop');
    expect((await overview(person.session)).moneyHold).toBeNull();

    expect((await post(`/api/user/security/passkeys/${id}/remove`, stranger.session, { password: PASSWORD })).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await post(`/api/user/security/passkeys/${id}/remove`, person.session, { password: 'not-it-1' })).json()).toMatchObject({ errors: { password: SECURITY_MESSAGES.passwordWrong } });
    // The password alone does not remove it: the person confirms with a passkey (here the one going) first.
    expect((await post(`/api/user/security/passkeys/${id}/remove`, person.session, { password: PASSWORD })).json()).toMatchObject({ code: 'STEP_UP_REQUIRED', errors: { stepUp: 'second-factors' } });
    expect((await overview(person.session)).passkeys).toHaveLength(1);
    await confirmWith(person.session, device);
    expect((await post(`/api/user/security/passkeys/${id}/remove`, person.session, { password: PASSWORD })).json()).toEqual({ message: SECURITY_MESSAGES.passkeyRemoved });
    expect(await overview(person.session)).toMatchObject({ passkeys: [], recoveryCodesLeft: null, moneyHold: { reason: 'second-factor-removed' } });
    expect((await login(ctx.app, person.email, PASSWORD)).json()).toHaveProperty('user');
    expect((await mailTo(ctx.app, person.email)).map((m) => m.subject)).toContain('A passkey was removed from your account');
    // The device still offers it: it is said to be unknown here, not refused.
    const { res } = await passkeySignIn(device);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: SECURITY_MESSAGES.passkeyUnknown });
  });

  it('keeps staff with at least one passkey or authenticator app', async () => {
    const admin = await createAdminPerson(ctx.app, 'SUPPORT', { secondFactor: null });
    const id = (await register(admin, new PasskeyDevice())).json().passkey.id;
    expect((await post(`/api/user/security/passkeys/${id}/remove`, admin.session, { password: PASSWORD })).json()).toMatchObject({
      code: 'CONFLICT',
      message: SECURITY_MESSAGES.staffKeepSecondFactor,
    });
    expect((await overview(admin.session)).passkeys).toHaveLength(1);
    const spare = new PasskeyDevice();
    await register(admin, spare, {}, 'Spare');
    await confirmWith(admin.session, spare);
    expect((await post(`/api/user/security/passkeys/${id}/remove`, admin.session, { password: PASSWORD })).statusCode).toBe(200);
  });

  it('lets staff who signed in with a recovery code neither add a passkey nor remove one', async () => {
    const admin = await createAdminPerson(ctx.app, 'OWNER', { secondFactor: null });
    const added = await register(admin, new PasskeyDevice());
    const codes: string[] = added.json().recoveryCodes;
    const id = added.json().passkey.id;
    const password = await login(ctx.app, admin.email, PASSWORD);
    const recovered = await post('/api/auth/login/second-factor', undefined, { method: 'recovery', code: codes[0] }, { lu_signin: cookieOf(password, 'lu_signin')! });
    expect(recovered.statusCode, recovered.body).toBe(200);
    const session = sessionCookie(recovered);
    const refused = { code: 'SECOND_FACTOR_REQUIRED', message: SECURITY_MESSAGES.staffChangeNeedsFactor };
    expect((await post('/api/user/security/passkeys/options', session, { password: PASSWORD })).json()).toMatchObject(refused);
    expect((await post(`/api/user/security/passkeys/${id}/remove`, session, { password: PASSWORD })).json()).toMatchObject(refused);
    expect((await post('/api/user/security/totp/setup', session)).json()).toMatchObject(refused);
    expect((await post('/api/user/security/totp', session, { code: '123456', password: PASSWORD })).json()).toMatchObject(refused);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/users', cookies: { lu_session: session } })).json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    expect((await overview(admin.session)).passkeys).toHaveLength(1);
  });

  it('marks a session only when the passkey is the account’s first second factor', async () => {
    const person = await createPerson(ctx.app);
    const codes: string[] = (await register(person, new PasskeyDevice())).json().recoveryCodes;
    expect((await overview(person.session)).sessions[0]).toMatchObject({ current: true, secondFactor: 'passkey' });
    const password = await login(ctx.app, person.email, PASSWORD);
    const recovered = await post('/api/auth/login/second-factor', undefined, { method: 'recovery', code: codes[0] }, { lu_signin: cookieOf(password, 'lu_signin')! });
    const session = sessionCookie(recovered);
    // A customer who lost their passkey adds a new one from a recovery-code session, confirming with another recovery code; it stays one.
    devicesOf.delete(person.id);
    expect((await post('/api/user/security/step-up', session, { action: 'second-factors', method: 'recovery', code: codes[1] })).statusCode).toBe(200);
    expect((await register({ ...person, session }, new PasskeyDevice(), {}, 'New phone')).statusCode).toBe(200);
    expect((await overview(session)).sessions.find((s: { current: boolean }) => s.current)).toMatchObject({ secondFactor: 'recovery' });
  });
});
