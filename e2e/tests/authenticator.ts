import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Cookie, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { authenticatorKeyVariable, DEMO_ADMINS, type DemoAdminRole } from '../global-setup';
import { expect } from './fixtures';

/**
 * Staff sign-in for the browser tests: after the password, a code from the demo admin's
 * authenticator app (its key printed by the server, read by global-setup). The server accepts each
 * 30-second step once per account, so the workers share which steps they have used (a file under
 * a lock): none ever sends a used code, which would count towards the account's limit. When every
 * step in the window is used, the app's clock is moved on rather than waited for. Each worker
 * keeps the staff sessions it opened and reuses them while they last.
 */

const STEP_MS = 30_000;
const stepsFile = () => path.join(tmpdir(), `landunits-e2e-steps-${new URL(process.env.E2E_BASE_URL ?? 'http://x:0').port}.json`);

/** The demo admin's authenticator key, when `email` is one and global-setup read it. */
export function authenticatorKeyOf(email: string): string | undefined {
  for (const role of Object.keys(DEMO_ADMINS) as DemoAdminRole[]) {
    const roleEmail = role === 'OWNER' ? (process.env.E2E_ADMIN_EMAIL ?? DEMO_ADMINS.OWNER) : DEMO_ADMINS[role];
    if (roleEmail === email) return process.env[authenticatorKeyVariable(role)];
  }
  return undefined;
}

/** The code an authenticator app shows for `step`. */
export const codeFor = (key: string, step: number): string => new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: step * STEP_MS });

/**
 * Moves the app's clock (DEV_CLOCK, from global-setup; it may run ahead of this machine's) forward
 * by `ms` and answers where it now stands.
 */
async function advanceServerClock(ms: number): Promise<number> {
  const res = await fetch(new URL('/api/dev/clock/advance', process.env.E2E_BASE_URL), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms }) });
  if (!res.ok) throw new Error(`POST /api/dev/clock/advance answered ${res.status}`);
  return new Date(((await res.json()) as { now: string }).now).getTime();
}

/** Runs `work` with the workers' shared record of the steps used per admin, one worker at a time. */
async function withStepsLock<T>(work: (used: Record<string, number>) => Promise<T>): Promise<T> {
  const lock = `${stepsFile()}.lock`;
  for (let tries = 0; ; tries++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (tries > 4_000) throw new Error(`${lock} stayed locked`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  try {
    let used: Record<string, number> = {};
    try {
      used = JSON.parse(readFileSync(stepsFile(), 'utf8')) as Record<string, number>;
    } catch {
      // first use
    }
    const result = await work(used);
    writeFileSync(stepsFile(), JSON.stringify(used));
    return result;
  } finally {
    rmdirSync(lock);
  }
}

/**
 * Sends (`send`) a code of `email`'s app for a step later than every one sent before, inside the
 * server's drift window, waiting for the next step when the current one is taken. The lock is held
 * until the code is answered, so codes reach the server in the order of their steps.
 */
export async function sendFreshCode<T>(email: string, key: string, send: (code: string) => Promise<T>): Promise<T> {
  return withStepsLock(async (used) => {
    const now = await advanceServerClock(1);
    const step = Math.max(Math.floor(now / STEP_MS), (used[email] ?? -Infinity) + 1);
    // Past the window's far edge (the current step + 1): the app's clock is moved on until the step
    // is inside the window, as waiting would, without the wait.
    const early = (step - 1) * STEP_MS - now;
    if (early > 0) await advanceServerClock(early + 500);
    used[email] = step;
    return send(codeFor(key, step));
  });
}

/** The second step of the login card: a code from the app. */
export async function enterAuthenticatorCode(page: Page, email: string, key: string): Promise<void> {
  const field = page.getByLabel('Authenticator code');
  await expect(field).toBeVisible();
  const status = await sendFreshCode(email, key, async (code) => {
    await field.fill(code);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login/second-factor'));
    await page.getByRole('button', { name: 'Confirm' }).click();
    return (await answer).status();
  });
  expect(status, 'the authenticator code was refused').toBe(200);
}

const staffSessions = new Map<string, Cookie[]>();

/** Reuses this worker's open session of `email`, when it still works. */
export async function reuseStaffSession(page: Page, email: string): Promise<boolean> {
  const cookies = staffSessions.get(email);
  if (!cookies) return false;
  await page.context().addCookies(cookies);
  if ((await page.request.get('/api/user')).ok()) return true;
  staffSessions.delete(email);
  await page.context().clearCookies({ name: /^lu_/ });
  return false;
}

/** Drops this worker's kept session of `email` and the page's cookies. */
export async function forgetStaffSession(page: Page, email: string): Promise<void> {
  staffSessions.delete(email);
  await page.context().clearCookies({ name: /^lu_/ });
}

export async function keepStaffSession(page: Page, email: string): Promise<void> {
  staffSessions.set(
    email,
    (await page.context().cookies()).filter((c) => c.name.startsWith('lu_') && c.name !== 'lu_signin'),
  );
}

/**
 * Signs a demo admin in through the API in `context` (its request context shares the cookies):
 * the password, then a code from the app; reuses this worker's open session while it lasts. The
 * session then steps up for decisions on money (decision 0050) with the app's next code: the
 * journey's API calls have no dialog to answer, and the proof lasts five minutes.
 */
export async function staffLogInThroughApi(context: BrowserContext, email: string, password: string): Promise<void> {
  await signInThroughApi(context, email, password);
  const key = authenticatorKeyOf(email);
  if (!key) return;
  const stepped = await sendFreshCode(email, key, (code) => context.request.post('/api/user/security/step-up', { data: { action: 'admin-money', method: 'totp', code } }));
  expect(stepped.ok(), `step-up of ${email}: ${await stepped.text()}`).toBe(true);
}

async function signInThroughApi(context: BrowserContext, email: string, password: string): Promise<void> {
  const cookies = staffSessions.get(email);
  if (cookies) {
    await context.addCookies(cookies);
    if ((await context.request.get('/api/user')).ok()) return;
    staffSessions.delete(email);
    await context.clearCookies({ name: /^lu_/ });
  }
  const key = authenticatorKeyOf(email);
  const first = await context.request.post('/api/auth/login', { data: { email, password } });
  expect(first.ok(), `login of ${email}: ${await first.text()}`).toBe(true);
  if ('secondFactor' in ((await first.json()) as object)) {
    expect(key, `${email} asks for an authenticator code: no key for it`).toBeTruthy();
    const second = await sendFreshCode(email, key!, (code) => context.request.post('/api/auth/login/second-factor', { data: { method: 'totp', code } }));
    expect(second.ok(), `authenticator code of ${email}: ${await second.text()}`).toBe(true);
  }
  staffSessions.set(
    email,
    (await context.cookies()).filter((c) => c.name.startsWith('lu_') && c.name !== 'lu_signin'),
  );
}
