import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../platform/db/client';
import { createTestDatabase } from '../../test/database';
import { startInstances, type ApiInstance, type ApiInstances } from '../../test/instances';
import { call, createPerson, liftRateLimits, ok, signIn } from '../../test/live-chat';
import { openEventStream, type EventStream } from '../../test/sse';

// The proof of live delivery across instances: a customer on one API instance, the agent on
// another, both on one PostgreSQL (LISTEN/NOTIFY carries messages between them). 200 messages each
// way arrive on both streams exactly once and in order; an instance killed mid-conversation and
// started again, its agent's stream resumes with Last-Event-ID and gets exactly what it missed.
// PGlite is one process's database: this needs a PostgreSQL server, so it runs only with
// TEST_DATABASE_URL (as .ci/run's "API suite on PostgreSQL" step sets it).
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const EACH_WAY = 200;
const WHILE_KILLED = 60;
// Bounds on waiting, never timings asserted: a busy 2-core machine is slow, not wrong.
const ARRIVE_WITHIN_MS = 60_000;

interface ChatMessage {
  id: number;
  conversationId: number | string;
  from: 'customer' | 'agent';
  body: string;
  clientId: string | null;
}

/** A message POST's answer: the stored message (bare, or under `message`). */
function stored(body: unknown): ChatMessage {
  const b = body as { message?: ChatMessage } & ChatMessage;
  return b.message ?? b;
}

function messagesOf(stream: EventStream, conversationId: ChatMessage['conversationId']): ChatMessage[] {
  return stream.events
    .filter((e) => e.event === 'message')
    .map((e) => JSON.parse(e.data) as ChatMessage)
    .filter((m) => String(m.conversationId) === String(conversationId));
}

/** Every message exactly once, in increasing id order, each side's bodies in the order they were sent. */
function expectExactly(received: ChatMessage[], sent: ChatMessage[]): void {
  const ids = received.map((m) => m.id);
  expect(new Set(ids).size, 'no message twice').toBe(ids.length);
  expect(ids, 'in increasing id order').toEqual([...ids].sort((a, b) => a - b));
  expect([...ids].sort((a, b) => a - b)).toEqual(sent.map((m) => m.id).sort((a, b) => a - b));
  for (const from of ['customer', 'agent'] as const) {
    expect(received.filter((m) => m.from === from).map((m) => m.body)).toEqual(sent.filter((m) => m.from === from).map((m) => m.body));
  }
}

describe.runIf(TEST_DATABASE_URL)('live chat on two API instances sharing one PostgreSQL (needs TEST_DATABASE_URL: PGlite is one process)', () => {
  let database: Database;
  let cluster: ApiInstances;
  let a: ApiInstance;
  let b: ApiInstance;
  let agent: string;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
    const url = new URL(TEST_DATABASE_URL as string);
    url.pathname = `/${row?.name}`;
    // Hundreds of messages a minute on purpose: the chat's send limits are lifted in this database.
    await liftRateLimits(database.db, ['chat:send:', 'chat:agent:']);
    cluster = await startInstances(url.toString(), 2);
    [a, b] = cluster.instances as [ApiInstance, ApiInstance];
    await createPerson(database.db, 'agent.multi@example.com', 'SUPPORT', 'Grace');
    agent = await signIn(b.url, 'agent.multi@example.com');
  }, 400_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await cluster?.stop();
    await database?.close();
  });

  const open = (url: string, cookie: string) => {
    const stream = openEventStream(url, { headers: { cookie }, reconnectDelayMs: 100 });
    streams.push(stream);
    return stream;
  };
  const customerSays = async (cookie: string, body: string) => stored((await ok<unknown>(a.url, 'POST', '/api/chat/conversation/messages', cookie, { body, clientId: randomUUID() })) as unknown);
  const agentSays = async (on: ApiInstance, conversationId: ChatMessage['conversationId'], body: string) =>
    stored((await ok<unknown>(on.url, 'POST', `/api/admin/chat/conversations/${conversationId}/messages`, agent, { body, clientId: randomUUID() })) as unknown);

  /** The customer on A and the agent on B exchange `n` messages each way, a pair at a time in parallel. */
  async function exchange(customer: string, conversationId: ChatMessage['conversationId'], tag: string, n: number) {
    const customerStream = open(`${a.url}/api/chat/conversation/stream`, customer);
    const agentStream = open(`${b.url}/api/admin/chat/stream`, agent);
    await Promise.all([customerStream.opened(), agentStream.opened()]);
    const sent: ChatMessage[] = [];
    for (let i = 0; i < n; i++) {
      sent.push(...(await Promise.all([customerSays(customer, `${tag} customer ${i}`), agentSays(b, conversationId, `${tag} agent ${i}`)])));
    }
    const all = (s: EventStream) => () => messagesOf(s, conversationId).length >= sent.length;
    await Promise.all([
      customerStream.waitFor(all(customerStream), ARRIVE_WITHIN_MS, `${sent.length} messages on the customer's stream`),
      agentStream.waitFor(all(agentStream), ARRIVE_WITHIN_MS, `${sent.length} messages on the agent's stream`),
    ]);
    return { customerStream, agentStream, sent };
  }

  it('delivers 200 messages each way between a signed-in customer on A and the agent on B, and catches the agent up after B is killed and restarted', { timeout: 400_000 }, async () => {
    await createPerson(database.db, 'customer.multi@example.com', null, 'Ada');
    const customer = await signIn(a.url, 'customer.multi@example.com');
    const conversation = (await ok<{ conversation?: { id: ChatMessage['conversationId'] }; id?: ChatMessage['conversationId'] }>(a.url, 'POST', '/api/chat/conversations', customer, {})) as {
      conversation?: { id: ChatMessage['conversationId'] };
      id?: ChatMessage['conversationId'];
    };
    const conversationId = conversation.conversation?.id ?? conversation.id;
    expect(conversationId).toBeDefined();
    const id = conversationId as ChatMessage['conversationId'];

    const { customerStream, agentStream, sent } = await exchange(customer, id, 'user', EACH_WAY);
    expectExactly(messagesOf(customerStream, id), sent);
    expectExactly(messagesOf(agentStream, id), sent);
    expect(agentStream.connections).toBe(1);

    // B dies without a word while the customer keeps writing through A; the agent answers through A
    // while B is down. B comes back, the agent's stream reconnects to it with Last-Event-ID.
    const seenBeforeKill = messagesOf(agentStream, id).length;
    const later: ChatMessage[] = [];
    const write = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        later.push(await customerSays(customer, `user customer later ${i}`));
        if (i % 3 === 0) later.push(await agentSays(a, id, `user agent later ${i}`));
      }
    };
    await write(0, 10);
    const killing = b.kill();
    await write(10, 20);
    await killing;
    const killedAt = later.length;
    await write(20, 40);
    const restartedFrom = later.length;
    const restarting = b.restart();
    await write(40, WHILE_KILLED);
    await restarting;
    const everything = [...sent, ...later];
    await agentStream.waitFor(() => messagesOf(agentStream, id).length >= everything.length, ARRIVE_WITHIN_MS, 'the agent catching up after B came back');
    await customerStream.waitFor(() => messagesOf(customerStream, id).length >= everything.length, ARRIVE_WITHIN_MS, 'the customer stream on A');

    expect(agentStream.connections).toBeGreaterThanOrEqual(2);
    expectExactly(messagesOf(agentStream, id), everything);
    expectExactly(messagesOf(customerStream, id), everything);
    // The new connection to B carried exactly what the first one had not: the messages sent while B
    // was down among them.
    const firstConnection = new Set(agentStream.events.filter((e) => e.event === 'message' && e.connection === 1).map((e) => (JSON.parse(e.data) as ChatMessage).id));
    const resumed = messagesOf(agentStream, id)
      .filter((m) => !firstConnection.has(m.id))
      .map((m) => m.id);
    expect(resumed).toEqual(
      everything
        .map((m) => m.id)
        .filter((m) => !firstConnection.has(m))
        .sort((x, y) => x - y),
    );
    expect(firstConnection.size).toBeGreaterThanOrEqual(seenBeforeKill);
    for (const m of later.slice(killedAt, restartedFrom)) expect(resumed).toContain(m.id);
  });

  it('delivers 50 messages each way between a visitor on A and the agent on B', { timeout: 120_000 }, async () => {
    const started = await call(a.url, 'POST', '/api/chat/conversations', undefined, { name: 'Vera Visitor', email: 'vera.multi@example.com', consent: true });
    expect([200, 201]).toContain(started.status);
    expect(started.cookie).toContain('chat_visitor=');
    const body = started.body as { conversation?: { id: ChatMessage['conversationId'] }; id?: ChatMessage['conversationId'] };
    const id = (body.conversation?.id ?? body.id) as ChatMessage['conversationId'];
    const { customerStream, agentStream, sent } = await exchange(started.cookie, id, 'visitor', 50);
    expectExactly(messagesOf(customerStream, id), sent);
    expectExactly(messagesOf(agentStream, id), sent);
  });
});
