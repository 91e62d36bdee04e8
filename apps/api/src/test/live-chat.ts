import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { createAdmin } from '../modules/users';
import { PASSWORD, appCode } from './accounts';

/**
 * People and calls for the live chat's multi-instance test and benchmark, over real HTTP against
 * API instances in child processes (./instances.ts). No test-runner imports.
 */

/** A confirmed account on the database; `role` null makes a customer, else an admin of that role. */
export async function createPerson(db: Db, email: string, role: 'SUPPORT' | 'OWNER' | null, firstName = 'Ada'): Promise<void> {
  await createAdmin(db, { email, password: PASSWORD, firstName, role: role ?? 'SUPPORT' });
  if (role === null) await db.execute(sql`update users set admin_role = null where email = ${email}`);
}

/** The Set-Cookie values of an answer as one Cookie header. */
export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * fetch as a client of the documented API behaves: a 503 `UNAVAILABLE` (the database briefly out of
 * reach; nothing was written) is tried again after its Retry-After, a few times.
 */
async function fetchAsClient(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, init);
    if (res.status !== 503 || attempt === 5) return res;
    await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, Math.min(Number(res.headers.get('retry-after') ?? 1), 2) * 1_000));
  }
}

/** Signs in on an instance; answers the Cookie header of the session. */
export async function signIn(baseUrl: string, email: string): Promise<string> {
  const res = await fetchAsClient(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${await res.text()}`);
  const cookie = cookiesOf(res);
  if (!cookie.includes('lu_session=')) throw new Error(`login of ${email} set no session`);
  if (((await res.json()) as { redirectTo?: string }).redirectTo === '/dashboard/settings/security') {
    // Staff without an authenticator app set one up in this session before acting (decision 0046).
    const setup = await call(baseUrl, 'POST', '/api/user/security/totp/setup', cookie);
    const { secret } = setup.body as { secret: string };
    const confirmed = await call(baseUrl, 'POST', '/api/user/security/totp', cookie, { code: appCode(secret, Date.now()), password: PASSWORD });
    if (confirmed.status !== 200) throw new Error(`authenticator set-up of ${email} answered ${confirmed.status}`);
  }
  return cookie;
}

export interface Call {
  status: number;
  body: unknown;
  cookie: string;
}

/** A JSON call as the web app makes it; `cookie` is sent as is. */
export async function call(baseUrl: string, method: 'GET' | 'POST', path: string, cookie: string | undefined, body?: unknown): Promise<Call> {
  const res = await fetchAsClient(`${baseUrl}${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: kept as text for the error message
  }
  return { status: res.status, body: parsed, cookie: cookiesOf(res) };
}

/** Like `call`, but anything other than 200/201 throws with the answer. */
export async function ok<T>(baseUrl: string, method: 'GET' | 'POST', path: string, cookie: string | undefined, body?: unknown): Promise<T & { cookie: string }> {
  const res = await call(baseUrl, method, path, cookie, body);
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { ...(res.body as T), cookie: res.cookie };
}

/**
 * Lifts the rate limits whose keys start with one of `prefixes` in this (throwaway) database: a trigger
 * keeps their counters at 1. A customer may send 20 chat messages a minute and an agent 60; the
 * multi-instance test and the benchmark send hundreds on purpose, and what they measure is
 * delivery, not the limiter (which has tests of its own).
 */
export async function liftRateLimits(db: Db, prefixes: readonly string[]): Promise<void> {
  const matches = prefixes.map((p) => `new.key like '${p.replace(/'/g, "''").replace(/[%_\\]/g, (c) => `\\${c}`)}%'`).join(' or ');
  await db.execute(
    sql.raw(`create or replace function lu_test_lift_rate_limits() returns trigger language plpgsql as $$
      begin if ${matches} then new.count := 1; end if; return new; end $$`),
  );
  await db.execute(sql.raw(`create or replace trigger lu_test_lift_rate_limits before insert or update on rate_limits for each row execute function lu_test_lift_rate_limits()`));
}
