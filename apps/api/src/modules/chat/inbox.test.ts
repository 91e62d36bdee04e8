import { randomUUID } from 'node:crypto';
import type { ChatInboxPage } from '@landunits/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { createAdminPerson, personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';

/**
 * The agents' inbox: each conversation's preview is its own latest message and its unread count
 * is the customer's messages after the agent's read mark, whatever the other conversations hold.
 */

const clock = new ManualClock(new Date('2026-11-25T10:00:00Z'));
const ORIGIN = { origin: 'http://localhost:3000' };
let ctx: TestContext;
let carol: string;
let dan: string;
let agent: string;

const post = (url: string, session: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: ORIGIN, cookies: { lu_session: session }, payload });

async function say(session: string, body: string): Promise<number> {
  clock.advance(1_000);
  const res = await post('/api/chat/conversation/messages', session, { body, clientId: randomUUID() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message.conversationId as number;
}

async function inbox(): Promise<ChatInboxPage['conversations']> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/chat/conversations?view=all', cookies: { lu_session: agent } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ChatInboxPage).conversations;
}

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  carol = await personSession(ctx.app, 'carol.inbox@example.com', { firstName: 'Carol' });
  dan = await personSession(ctx.app, 'dan.inbox@example.com', { firstName: 'Dan' });
  agent = (await createAdminPerson(ctx.app, 'SUPPORT')).session;
});
afterAll(() => ctx.close());

describe('the agents’ inbox', () => {
  it('previews each conversation’s own latest message and counts the customer’s unread ones', async () => {
    for (const session of [carol, dan]) expect((await post('/api/chat/conversations', session, {})).statusCode).toBe(201);
    // Dan speaks first and last, so the newest message of all is never Carol's.
    await say(dan, 'Dan: first question');
    await say(carol, 'Carol: one');
    await say(carol, 'Carol: two');
    const carolsId = await say(carol, 'Carol: three');
    const dansId = await say(dan, 'Dan: second question');

    let rows = await inbox();
    expect(rows.find((c) => c.id === carolsId)).toMatchObject({ customerName: 'Carol Lovelace', lastMessage: 'Carol: three', unread: 3 });
    expect(rows.find((c) => c.id === dansId)).toMatchObject({ lastMessage: 'Dan: second question', unread: 2 });

    // The agent answers Carol (reading all she wrote); she writes twice more.
    clock.advance(1_000);
    const reply = await post(`/api/admin/chat/conversations/${carolsId}/messages`, agent, { body: 'Agent: hello Carol', clientId: randomUUID() });
    expect(reply.statusCode, reply.body).toBe(201);
    rows = await inbox();
    expect(rows.find((c) => c.id === carolsId)).toMatchObject({ lastMessage: 'Agent: hello Carol', unread: 0 });
    await say(carol, 'Carol: four');
    await say(carol, 'Carol: five');
    rows = await inbox();
    expect(rows.find((c) => c.id === carolsId)).toMatchObject({ lastMessage: 'Carol: five', unread: 2 });
    expect(rows.find((c) => c.id === dansId)).toMatchObject({ lastMessage: 'Dan: second question', unread: 2 });
  });
});
