import { ADMIN_ROLES, hasPermission, type AdminRole } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, me, PASSWORD, sessionCookie } from './test/accounts';
import { personSession } from './test/factories';
import { createTestApp, type TestContext } from './test/app';
import { createAdmin } from './modules/users';

/**
 * The access matrix of every admin route (QUALITY "Web security", PRODUCT-DECISIONS §12), generated
 * from the routes the server registers and their contracts: anonymous → 401, a person → 403, each
 * admin role → 403 without the route's permission and past the check (any answer but 401/403)
 * with it. A new admin route is in the matrix the moment it is registered; one without a
 * permission fails here.
 */

let ctx: TestContext;
const sessions = {} as Record<AdminRole | 'person', string>;
const DUMMY_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestApp();
  sessions.person = await personSession(ctx.app, 'matrix.person@example.com');
  for (const role of ADMIN_ROLES) {
    const email = `matrix.${role.toLowerCase()}@example.com`;
    await createAdmin(ctx.database.db, { email, password: PASSWORD, role, firstName: `Matrix ${role.toLowerCase()}` });
    sessions[role] = sessionCookie(await login(ctx.app, email, PASSWORD));
    expect((await me(ctx.app, sessions[role])).json().user.adminRole).toBe(role);
  }
});
afterAll(() => ctx.close());

const adminRoutes = () => ctx.app.registeredRoutes.filter((r) => r.contract?.auth === 'admin');

/** The route's URL with every parameter filled by an id nobody has. */
const urlOf = (url: string) => url.replace(/:[A-Za-z]+/g, DUMMY_ID);

/** Server-sent event streams never end on their own: their answer is read as a stream and dropped. */
const isEventStream = (url: string) => ctx.app.registeredRoutes.some((r) => r.url === url && JSON.stringify(r.contract?.responses[200] ?? null).includes('text/event-stream'));

async function call(method: string, url: string, session: string | undefined) {
  const body = method === 'GET' || method === 'DELETE' ? {} : { payload: {}, headers: { origin: 'http://localhost:3000', 'idempotency-key': `matrix-${Math.random()}` } };
  const stream = method === 'GET' && isEventStream(url);
  const res = await ctx.app.inject({ method: method as 'GET', url: urlOf(url), ...body, ...(session ? { cookies: { lu_session: session } } : {}), ...(stream ? { payloadAsStream: true } : {}) });
  if (stream) res.stream().destroy();
  return res;
}

describe('the admin access matrix', () => {
  it('covers every admin route the server registers, each naming the permission it checks', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes.filter((r) => !r.contract?.permission).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('anonymous → 401, a person → 403, each role by its permission', async () => {
    const wrong: string[] = [];
    for (const route of adminRoutes()) {
      const permission = route.contract!.permission!;
      const name = `${route.method} ${route.url}`;
      const anonymous = await call(route.method, route.url, undefined);
      if (anonymous.statusCode !== 401) wrong.push(`${name} anonymous → ${anonymous.statusCode}`);
      const person = await call(route.method, route.url, sessions.person);
      if (person.statusCode !== 403) wrong.push(`${name} person → ${person.statusCode}`);
      for (const role of ADMIN_ROLES) {
        const res = await call(route.method, route.url, sessions[role]);
        const allowed = hasPermission(role, permission);
        if (allowed && (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)) wrong.push(`${name} ${role} (has ${permission}) → ${res.statusCode}`);
        if (!allowed && res.statusCode !== 403) wrong.push(`${name} ${role} (lacks ${permission}) → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
