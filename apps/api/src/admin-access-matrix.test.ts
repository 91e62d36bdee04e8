import { ADMIN_ROLES, hasPermission, type AdminRole } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, me, PASSWORD, sessionCookie, staffLogin, staffStepUp } from './test/accounts';
import { personSession } from './test/factories';
import { createTestApp, type TestContext } from './test/app';
import { createAdmin } from './modules/users';

/**
 * The access matrix of every admin route (QUALITY "Web security", PRODUCT-DECISIONS §12), generated
 * from the routes the server registers and their contracts: anonymous → 401, a person → 403, each
 * admin role's password-only session → 403 SECOND_FACTOR_REQUIRED, and each admin role signed in
 * with an authenticator code → 403 without the route's permission and past the check (any answer
 * but 401/403) with it. A new admin route is in the matrix the moment it is registered; one without a
 * permission fails here. A route that decides on money (its contract's `stepUp`, decision 0050)
 * answers 403 STEP_UP_REQUIRED to a role with the permission until that session steps up with a
 * fresh code, and passes after it.
 */

let ctx: TestContext;
const sessions = {} as Record<AdminRole | 'person', string>;
/** Each role's password-only session: no admin permission until it passes an authenticator code. */
const passwordOnly = {} as Record<AdminRole, string>;
const DUMMY_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestApp();
  sessions.person = await personSession(ctx.app, 'matrix.person@example.com');
  for (const role of ADMIN_ROLES) {
    const email = `matrix.${role.toLowerCase()}@example.com`;
    await createAdmin(ctx.database.db, { email, password: PASSWORD, role, firstName: `Matrix ${role.toLowerCase()}` });
    passwordOnly[role] = sessionCookie(await login(ctx.app, email, PASSWORD));
    sessions[role] = await staffLogin(ctx.app, email);
    expect((await me(ctx.app, sessions[role])).json().user.adminRole).toBe(role);
  }
});
afterAll(() => ctx.close());

const adminRoutes = () => ctx.app.registeredRoutes.filter((r) => r.contract?.auth === 'admin');

/** The route's URL with every parameter filled by an id nobody has. */
const urlOf = (url: string) => url.replace(/:[A-Za-z]+/g, DUMMY_ID);

/** Server-sent event streams never end on their own: their answer is read as a stream and dropped. */
const isEventStream = (url: string) => ctx.app.registeredRoutes.some((r) => r.url === url && JSON.stringify(r.contract?.responses[200] ?? null).includes('text/event-stream'));

async function call(method: string, url: string, session: string | undefined): Promise<{ statusCode: number; code: string | undefined }> {
  const body = method === 'GET' || method === 'DELETE' ? {} : { payload: {}, headers: { origin: 'http://localhost:3000', 'idempotency-key': `matrix-${Math.random()}` } };
  const stream = method === 'GET' && isEventStream(url);
  const res = await ctx.app.inject({ method: method as 'GET', url: urlOf(url), ...body, ...(session ? { cookies: { lu_session: session } } : {}), ...(stream ? { payloadAsStream: true } : {}) });
  if (!stream) return { statusCode: res.statusCode, code: res.statusCode >= 400 ? res.json().code : undefined };
  // A refused stream is an ordinary error answer that ends: read it; an open one is dropped.
  if (res.statusCode < 400) {
    res.stream().destroy();
    return { statusCode: res.statusCode, code: undefined };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
  return { statusCode: res.statusCode, code: JSON.parse(Buffer.concat(chunks).toString()).code };
}

describe('the admin access matrix', () => {
  it('covers every admin route the server registers, each naming the permission it checks', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes.filter((r) => !r.contract?.permission).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('anonymous → 401, a person → 403, an admin without a second factor → 403 SECOND_FACTOR_REQUIRED, each role by its permission', async () => {
    const wrong: string[] = [];
    for (const route of adminRoutes()) {
      const permission = route.contract!.permission!;
      const name = `${route.method} ${route.url}`;
      const anonymous = await call(route.method, route.url, undefined);
      if (anonymous.statusCode !== 401) wrong.push(`${name} anonymous → ${anonymous.statusCode}`);
      const person = await call(route.method, route.url, sessions.person);
      if (person.statusCode !== 403) wrong.push(`${name} person → ${person.statusCode}`);
      for (const role of ADMIN_ROLES) {
        const unproven = await call(route.method, route.url, passwordOnly[role]);
        if (unproven.statusCode !== 403 || unproven.code !== 'SECOND_FACTOR_REQUIRED') wrong.push(`${name} ${role} without a second factor → ${unproven.statusCode} ${unproven.code}`);
        const res = await call(route.method, route.url, sessions[role]);
        const allowed = hasPermission(role, permission);
        if (allowed && route.contract!.stepUp) {
          if (res.statusCode !== 403 || res.code !== 'STEP_UP_REQUIRED') wrong.push(`${name} ${role} (has ${permission}) without a step-up → ${res.statusCode} ${res.code}`);
        } else if (allowed && (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)) wrong.push(`${name} ${role} (has ${permission}) → ${res.statusCode}`);
        if (!allowed && res.statusCode !== 403) wrong.push(`${name} ${role} (lacks ${permission}) → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a decision on money passes once the session has stepped up with a fresh code, for each role with the permission', async () => {
    const money = adminRoutes().filter((r) => r.contract!.stepUp);
    expect(money.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'POST /api/admin/orders/:id/transition',
      'POST /api/admin/payment-details/requests/:id/approve',
      'POST /api/admin/payouts/:id/confirm',
      'POST /api/admin/payouts/:id/mark-paid',
      'POST /api/admin/settings/requests/:id/approve',
      'POST /api/admin/users/:id/purchase-limit',
      'POST /api/user/approve-bank',
    ]);
    const wrong: string[] = [];
    for (const role of ADMIN_ROLES) {
      const allowed = money.filter((r) => hasPermission(role, r.contract!.permission!));
      if (allowed.length === 0) continue;
      await staffStepUp(ctx.app, `matrix.${role.toLowerCase()}@example.com`, sessions[role]);
      for (const route of allowed) {
        const res = await call(route.method, route.url, sessions[role]);
        if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) wrong.push(`${route.method} ${route.url} ${role} after a step-up → ${res.statusCode} ${res.code}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
