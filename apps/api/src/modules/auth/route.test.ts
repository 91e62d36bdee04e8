import { defineRoute, MessageSchema } from '@landunits/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAdminPerson, createPerson } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { AppError } from '../../platform/http/app-error';
import { route } from './route';

/** Contracts planted by this test: one of each auth level, with every part of a request. */
const NoteBody = z.object({ text: z.string({ message: 'Write a note.' }).trim().min(1, 'Write a note.').max(20, 'At most 20 characters.') });
const CREATE = defineRoute({
  method: 'POST',
  path: '/api/test/route/:kind/notes',
  auth: 'user',
  area: 'Test',
  summary: 'Planted',
  request: { params: z.object({ kind: z.enum(['a', 'b']) }), query: z.object({ page: z.coerce.number().int().min(1, 'Page from 1.').optional() }), body: NoteBody },
  responses: { 201: z.object({ kind: z.string(), page: z.number().nullable(), text: z.string(), by: z.string() }) },
  errors: ['VALIDATION_FAILED'],
});
const ADMIN = defineRoute({ method: 'GET', path: '/api/test/route/admin', auth: 'admin', permission: 'users.read', area: 'Test', summary: 'Planted', responses: { 200: MessageSchema }, errors: [] });
const MONEY = defineRoute({
  method: 'POST',
  path: '/api/test/route/money',
  auth: 'admin',
  permission: 'orders.decide',
  stepUp: 'admin-money',
  area: 'Test',
  summary: 'Planted',
  responses: { 200: MessageSchema },
  errors: [],
});
const MONEY_POST = defineRoute({
  method: 'POST',
  path: '/api/test/route/pay',
  auth: 'user',
  area: 'Test',
  summary: 'Planted',
  request: { body: NoteBody, idempotencyKey: true },
  responses: { 200: z.object({ key: z.string(), fingerprint: z.string(), text: z.string() }) },
  errors: [],
});
const LOOKUP = defineRoute({
  method: 'GET',
  path: '/api/test/route/lookup',
  auth: 'user',
  area: 'Test',
  summary: 'Planted',
  request: { query: z.object({ q: z.string().min(3, 'Too short.') }) },
  responses: { 200: z.object({ q: z.string(), asked: z.number() }) },
  errors: [],
});
const CACHED = defineRoute({
  method: 'GET',
  path: '/api/test/route/cached/:n',
  auth: 'public',
  cache: 'public, max-age=60',
  area: 'Test',
  summary: 'Planted',
  request: { params: z.object({ n: z.string() }) },
  responses: { 200: MessageSchema },
  errors: [],
});
const PUBLIC = defineRoute({
  method: 'GET',
  path: '/api/test/route/public',
  auth: 'public',
  cache: 'public, max-age=60',
  area: 'Test',
  summary: 'Planted',
  responses: { 200: z.object({ signedIn: z.boolean() }) },
  errors: [],
});

let ctx: TestContext;
let asked = 0;
beforeAll(async () => {
  ctx = await createTestApp({}, (app) => {
    route(app, CREATE, async ({ params, query, body, user }) => ({ kind: params.kind, page: query.page ?? null, text: body.text, by: user.id }));
    route(app, ADMIN, async ({ actor, request }) => ({ message: `${actor.role} ${actor.requestId === request.id}` }));
    route(app, MONEY, async ({ admin }) => ({ message: admin.id }));
    route(app, MONEY_POST, async ({ submission, body }) => ({ ...submission(), text: body.text }));
    route(app, LOOKUP, async ({ query }) => ({ q: query?.q ?? '', asked }), { beforeInput: () => void asked++ });
    route(app, CACHED, async ({ params }) => {
      if (params.n !== '1') throw new AppError('NOT_FOUND', 'Not here.');
      return { message: 'one' };
    });
    route(app, PUBLIC, async ({ optionalSession }) => ({ signedIn: Boolean(await optionalSession()) }));
  });
});
afterAll(() => ctx.close());

const as = (session?: string) => (session ? { cookies: { lu_session: session } } : {});

describe('route(app, CONTRACT, handler)', () => {
  it('refuses a signed-out caller before looking at the request (401 before 400)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/route/zzz/notes?page=0', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('parses path, query and body with the contract’s schemas: one message per field, the handler never runs', async () => {
    const person = await createPerson(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/route/c/notes?page=0', payload: { text: ' ' }, ...as(person.session) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { text: 'Write a note.', page: 'Page from 1.', kind: expect.any(String) } });
    const noBody = await ctx.app.inject({ method: 'POST', url: '/api/test/route/a/notes', ...as(person.session) });
    expect(noBody.json().errors).toEqual({ text: 'Write a note.' });
  });

  it('hands the handler the parsed values and the person, answers with the contract’s only success status, never cached', async () => {
    const person = await createPerson(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/route/b/notes?page=2', payload: { text: '  hello ' }, ...as(person.session) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ kind: 'b', page: 2, text: 'hello', by: person.id });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('admin routes: the permission, and the money step-up when the contract declares it', async () => {
    const person = await createPerson(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/test/route/admin', ...as(person.session) })).statusCode).toBe(403);
    const support = await createAdminPerson(ctx.app, 'SUPPORT');
    const read = await ctx.app.inject({ method: 'GET', url: '/api/test/route/admin', ...as(support.session) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ message: 'SUPPORT true' });
    const finance = await createAdminPerson(ctx.app, 'FINANCE');
    const money = await ctx.app.inject({ method: 'POST', url: '/api/test/route/money', ...as(finance.session) });
    expect(money.statusCode).toBe(403);
    expect(money.json()).toMatchObject({ code: 'STEP_UP_REQUIRED', errors: { stepUp: 'admin-money' } });
  });

  it('public routes: anyone, with the session when there is one and the contract’s caching', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/test/route/public' });
    expect(anonymous.json()).toEqual({ signedIn: false });
    expect(anonymous.headers['cache-control']).toBe('public, max-age=60');
    const person = await createPerson(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/test/route/public', ...as(person.session) })).json()).toEqual({ signedIn: true });
  });

  it('money POSTs: the Idempotency-Key is checked before the body, and the handler gets the key and the request’s fingerprint', async () => {
    const person = await createPerson(ctx.app);
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/test/route/pay', payload: {}, ...as(person.session) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('IDEMPOTENCY_KEY_MISSING');
    const headers = { 'idempotency-key': 'key-12345678' };
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/test/route/pay', payload: {}, headers, ...as(person.session) });
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const first = await ctx.app.inject({ method: 'POST', url: '/api/test/route/pay', payload: { text: 'a' }, headers, ...as(person.session) });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/test/route/pay', payload: { text: 'a' }, headers, ...as(person.session) });
    const other = await ctx.app.inject({ method: 'POST', url: '/api/test/route/pay', payload: { text: 'b' }, headers, ...as(person.session) });
    expect(first.json().key).toBe('key-12345678');
    expect(again.json().fingerprint).toBe(first.json().fingerprint);
    expect(other.json().fingerprint).not.toBe(first.json().fingerprint);
  });

  it('beforeInput runs after the caller check and before the input is read: a malformed ask counts too', async () => {
    const person = await createPerson(ctx.app);
    const before = asked;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/test/route/lookup?q=a' })).statusCode).toBe(401);
    expect(asked).toBe(before);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/test/route/lookup?q=a', ...as(person.session) })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/test/route/lookup?q=abc', ...as(person.session) })).json()).toEqual({ q: 'abc', asked: before + 2 });
  });

  it('a public contract’s cache goes on its successful answers only, never on a refusal', async () => {
    const person = await createPerson(ctx.app);
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/test/route/cached/1', ...as(person.session) });
    expect(ok.headers['cache-control']).toBe('public, max-age=60');
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/test/route/cached/2' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
  });
});
