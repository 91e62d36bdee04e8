import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE } from '../../platform/clock';
import { anyIp, mailTo, PASSWORD, staffLogin } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { createAdmin } from '../users';
import { emailUnseenReplies } from './unseen-replies';

/**
 * The chat's live side (decision 0029): a stream over a real connection replays what the client
 * missed after its Last-Event-ID, then delivers live messages once each; the server's close ends
 * open streams; unseen replies are emailed after 3 minutes, batched, once.
 */

const clock = new ManualClock(new Date('2026-11-25T10:00:00Z'));
let ctx: TestContext;
let base: string;
let alice: string;
let support: string;
const ORIGIN = { origin: 'http://localhost:3000' };

const post = (url: string, cookies: Record<string, string>, payload: object) => ctx.app.inject({ method: 'POST', url, headers: ORIGIN, cookies, payload, remoteAddress: anyIp() });

interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/** Reads events from a live stream until `until` says enough. */
async function readEvents(res: Response, until: (events: SseEvent[]) => boolean): Promise<SseEvent[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = '';
  while (!until(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = block.split('\n').filter((l) => !l.startsWith(':'));
      const event = fields.find((l) => l.startsWith('event: '))?.slice(7);
      if (!event) continue;
      const id = fields.find((l) => l.startsWith('id: '))?.slice(4);
      events.push({
        event,
        ...(id ? { id } : {}),
        data: fields
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n'),
      });
    }
  }
  await reader.cancel();
  return events;
}

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  alice = await personSession(ctx.app, 'alice.stream@example.com', { firstName: 'Alice' });
  await createAdmin(ctx.database.db, { email: 'support.stream@example.com', password: PASSWORD, firstName: 'Sam', role: 'SUPPORT' });
  support = await staffLogin(ctx.app, 'support.stream@example.com');
});
afterAll(() => ctx.close());

describe('the customer stream', () => {
  it('replays after Last-Event-ID, then delivers live messages once each, in order', async () => {
    await post('/api/chat/conversations', { lu_session: alice }, {});
    const ids: number[] = [];
    for (const body of ['one', 'two', 'three']) ids.push((await post('/api/chat/conversation/messages', { lu_session: alice }, { body, clientId: randomUUID() })).json().message.id);

    const res = await fetch(`${base}/api/chat/conversation/stream`, { headers: { cookie: `lu_session=${alice}`, 'last-event-id': String(ids[0]) } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toMatch(/no-cache/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const conversationId = (await ctx.app.inject({ method: 'GET', url: '/api/chat/conversation', cookies: { lu_session: alice } })).json().conversation.id;
    // Live: an agent reply while the stream is open (sent after the replay began).
    const live = post(`/api/admin/chat/conversations/${conversationId}/messages`, { lu_session: support }, { body: 'live reply', clientId: randomUUID() });
    const events = await readEvents(res, (e) => e.filter((x) => x.event === 'message').length >= 3);
    await live;
    const messages = events.filter((e) => e.event === 'message');
    expect(messages.map((e) => JSON.parse(e.data).body)).toEqual(['two', 'three', 'live reply']);
    const eventIds = messages.map((e) => Number(e.id));
    expect(eventIds).toEqual([...eventIds].sort((a, b) => a - b));
    expect(new Set(eventIds).size).toBe(eventIds.length);
  });

  it('takes ?after= too, and a read mark reaches the other side', async () => {
    const view = (await ctx.app.inject({ method: 'GET', url: '/api/chat/conversation', cookies: { lu_session: alice } })).json();
    const last = view.messages.at(-1).id as number;
    const res = await fetch(`${base}/api/admin/chat/stream?after=${last}`, { headers: { cookie: `lu_session=${support}` } });
    expect(res.status).toBe(200);
    const read = post('/api/chat/conversation/read', { lu_session: alice }, { messageId: last });
    const events = await readEvents(res, (e) => e.some((x) => x.event === 'read'));
    await read;
    expect(events.filter((e) => e.event === 'message')).toEqual([]);
    expect(JSON.parse(events.find((e) => e.event === 'read')!.data)).toEqual({ conversationId: view.conversation.id, side: 'customer', messageId: last });
  });
});

describe("the agents' stream without a resume point", () => {
  it('starts now: no history, but every message sent once it is open', async () => {
    const res = await fetch(`${base}/api/admin/chat/stream`, { headers: { cookie: `lu_session=${support}` } });
    expect(res.status).toBe(200);
    const sent = post('/api/chat/conversation/messages', { lu_session: alice }, { body: 'After the agent connected', clientId: randomUUID() });
    const events = await readEvents(res, (e) => e.some((x) => x.event === 'message'));
    await sent;
    const bodies = events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data).body);
    expect(bodies).toEqual(['After the agent connected']);
  });
});

describe('the ready event', () => {
  it('carries the position reached, so an agent who saw no message yet resumes from it, missing nothing', async () => {
    const first = await fetch(`${base}/api/admin/chat/stream`, { headers: { cookie: `lu_session=${support}` } });
    const ready = (await readEvents(first, (e) => e.some((x) => x.event === 'ready'))).find((x) => x.event === 'ready')!;
    expect(ready.id).toMatch(/^\d+$/);
    // Disconnected: a customer writes meanwhile; the reconnect with Last-Event-ID gets it.
    const sent = await post('/api/chat/conversation/messages', { lu_session: alice }, { body: 'While the console was away', clientId: randomUUID() });
    expect(sent.statusCode).toBe(201);
    const again = await fetch(`${base}/api/admin/chat/stream`, { headers: { cookie: `lu_session=${support}`, 'last-event-id': ready.id! } });
    const events = await readEvents(again, (e) => e.some((x) => x.event === 'ready'));
    expect(events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data).body)).toEqual(['While the console was away']);
  });
});

describe('unseen replies', () => {
  it('are emailed after 3 minutes, batched, once, and not when read', async () => {
    const start = await post('/api/chat/conversations', {}, { name: 'Vic Visitor', email: 'vic@example.com', consent: true });
    const visitor = start.cookies.find((c) => c.name === 'chat_visitor')!.value;
    const id = start.json().conversation.id;
    await post('/api/chat/conversation/messages', { chat_visitor: visitor }, { body: 'Prices?', clientId: randomUUID() });
    for (const body of ['First answer', 'Second answer']) await post(`/api/admin/chat/conversations/${id}/messages`, { lu_session: support }, { body, clientId: randomUUID() });

    clock.advance(2 * MINUTE);
    expect(await emailUnseenReplies(ctx.app.ctx)).toBe(0);
    clock.advance(MINUTE + 1_000);
    const [a, b] = await Promise.all([emailUnseenReplies(ctx.app.ctx), emailUnseenReplies(ctx.app.ctx)]);
    expect(a + b).toBe(1);
    expect(await emailUnseenReplies(ctx.app.ctx)).toBe(0);
    const mails = await mailTo(ctx.app, 'vic@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('First answer');
    expect(mails[0]!.text).toContain('Second answer');
    const token = /\/chat\?resume=([A-Za-z0-9_-]{43})/.exec(mails[0]!.text)?.[1];
    expect(token).toBeDefined();

    // The link continues the conversation in another browser, once.
    const resumed = await post('/api/chat/resume', {}, { token: token! });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().conversation.id).toBe(id);
    const cookie = resumed.cookies.find((c) => c.name === 'chat_visitor')!.value;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/chat/conversation', cookies: { chat_visitor: cookie } })).json().conversation.id).toBe(id);
    expect((await post('/api/chat/resume', {}, { token: token! })).statusCode).toBe(404);

    // A reply read within 3 minutes is not emailed.
    const reply = (await post(`/api/admin/chat/conversations/${id}/messages`, { lu_session: support }, { body: 'Third answer', clientId: randomUUID() })).json().message;
    await post('/api/chat/conversation/read', { chat_visitor: cookie }, { messageId: reply.id });
    clock.advance(5 * MINUTE);
    expect(await emailUnseenReplies(ctx.app.ctx)).toBe(0);
    expect(await mailTo(ctx.app, 'vic@example.com')).toHaveLength(1);
  });
});

describe('shutting down', () => {
  it('ends open streams instead of waiting for them', async () => {
    const res = await fetch(`${base}/api/admin/chat/stream`, { headers: { cookie: `lu_session=${support}` } });
    expect(res.status).toBe(200);
    const reading = readEvents(res, () => false);
    await ctx.app.close();
    expect(await reading).toBeInstanceOf(Array);
  });
});
