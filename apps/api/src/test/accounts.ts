import type { DevMailMessage } from '@landunits/domain';
import { Secret, TOTP } from 'otpauth';
import type { FastifyInstance } from 'fastify';

/** Helpers that walk through the account endpoints like a browser would. */

export const PASSWORD = 'garden42';

/** A fresh client address, so rate limits from one test do not spill into the next. */
export function anyIp(): string {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

export async function mailTo(app: FastifyInstance, to: string): Promise<DevMailMessage[]> {
  await app.jobs.drain();
  const res = await app.inject({ method: 'GET', url: '/api/dev/mail' });
  return (res.json().messages as DevMailMessage[]).filter((m) => m.to === to);
}

/** The token of the newest link to `path` (e.g. /account/confirm) emailed to `to`. */
export async function linkToken(app: FastifyInstance, to: string, path: string): Promise<string> {
  const messages = await mailTo(app, to);
  for (const message of messages) {
    const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_-]{43})`).exec(message.text);
    if (match) return match[1] as string;
  }
  throw new Error(`no ${path} link emailed to ${to}`);
}

export function register(app: FastifyInstance, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/user/register', payload: body, remoteAddress: anyIp() });
}

export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === 'lu_session');
  if (!cookie) throw new Error('no session cookie set');
  return cookie.value;
}

/** Registers and confirms an individual; returns the session cookie value from the confirmation. */
export async function registerAndConfirm(app: FastifyInstance, email: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await register(app, { email, firstName: 'Ada', lastName: 'Lovelace', password: PASSWORD, userType: 'USER', ...extra });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  const token = await linkToken(app, email, '/account/confirm');
  const confirmed = await app.inject({ method: 'POST', url: '/api/auth/confirmation', payload: { token } });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  return sessionCookie(confirmed);
}

export function me(app: FastifyInstance, session: string | undefined) {
  return app.inject({ method: 'GET', url: '/api/user', ...(session ? { cookies: { lu_session: session } } : {}) });
}

export function login(app: FastifyInstance, email: string, password: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers, remoteAddress: anyIp() });
}

/** Each staff account's authenticator secret and newest step used, as the person's app would know it. */
const staffApps = new Map<string, { secret: string; lastStep: number }>();
const STEP_MS = 30_000;

/**
 * Signs a staff account in the way the admin area needs (docs/decisions/0046): the first time,
 * password then setting up an authenticator app in that session; later, password then a code from
 * the app. Answers the session cookie value. Codes are made for the app's clock (the server's).
 */
export async function staffLogin(app: FastifyInstance, email: string, password: string = PASSWORD): Promise<string> {
  return staffSignIn(app, email, password);
}

/** The next code of a staff account's app: a step later than the last one used, within the server's drift window. */
function nextStaffCode(app: FastifyInstance, email: string): string {
  const known = staffApps.get(email);
  if (!known) throw new Error(`no authenticator app known for ${email}: sign in with staffLogin first`);
  const now = Math.floor(app.ctx.clock.now().getTime() / STEP_MS);
  const step = Math.max(now, known.lastStep + 1);
  if (step > now + 1) throw new Error(`${email} used every code of the drift window: move the clock on 30 s`);
  known.lastStep = step;
  return appCode(known.secret, step * STEP_MS);
}

/**
 * A staff session's step-up for decisions on money (decision 0050), with the next code of the
 * account's app, as an admin answers the step-up dialog. Throws when the server refuses it.
 */
export async function staffStepUp(app: FastifyInstance, email: string, session: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/security/step-up',
    cookies: { lu_session: session },
    payload: { action: 'admin-money', method: 'totp', code: nextStaffCode(app, email) },
  });
  if (res.statusCode !== 200) throw new Error(`staff step-up failed: ${res.body}`);
}

async function staffSignIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await login(app, email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const now = app.ctx.clock.now().getTime();
  const known = staffApps.get(email);
  if (!known) {
    const session = sessionCookie(res);
    const setup = await app.inject({ method: 'POST', url: '/api/user/security/totp/setup', cookies: { lu_session: session } });
    const { secret } = setup.json() as { secret: string };
    const confirmed = await app.inject({ method: 'POST', url: '/api/user/security/totp', cookies: { lu_session: session }, payload: { code: appCode(secret, now), password } });
    if (confirmed.statusCode !== 200) throw new Error(`authenticator set-up failed: ${confirmed.body}`);
    staffApps.set(email, { secret, lastStep: Math.floor(now / STEP_MS) });
    return session;
  }
  const challenge = res.cookies.find((c) => c.name === 'lu_signin');
  if (!challenge) throw new Error(`no second step for ${email}: ${res.body}`);
  const second = await app.inject({
    method: 'POST',
    url: '/api/auth/login/second-factor',
    cookies: { lu_signin: challenge.value },
    payload: { method: 'totp', code: nextStaffCode(app, email) },
    remoteAddress: anyIp(),
  });
  if (second.statusCode !== 200) throw new Error(`second step failed: ${second.body}`);
  return sessionCookie(second);
}

/** The code an authenticator app shows at `at` (ms) for `secret`. */
export const appCode = (secret: string, at: number): string => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/**
 * A step-up for `action` in this session (decision 0050), as a person without a second factor
 * gives it: the password. Throws when the server refuses it.
 */
export async function stepUp(app: FastifyInstance, session: string, action: string, password: string = PASSWORD): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/user/security/step-up', cookies: { lu_session: session }, payload: { action, method: 'password', password } });
  if (res.statusCode !== 200) throw new Error(`step-up for ${action} failed: ${res.body}`);
}
