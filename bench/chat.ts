/**
 * The live chat under load (issue "Live sales chat"): ONE API instance (the real server entry in a
 * child process, production mode) on a PostgreSQL scratch database, 500 customers each holding an
 * open event stream of their conversation, and an agent sending 1,000 messages into those
 * conversations. Prints the memory per open stream (the server process's VmRSS before and after
 * opening them, /proc/<pid>/status) and the delivery latency of a message: agent's send started →
 * the event read on the customer's stream, p50/p95/p99 against the 100 ms target, with the send
 * call's own answer time measured in the same run as the reference.
 * Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/chat.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createSession } from '../apps/api/src/modules/auth/sessions/store';
import { chatConversations } from '../apps/api/src/modules/chat/schema';
import { systemClock } from '../apps/api/src/platform/clock';
import type { AppContext } from '../apps/api/src/platform/context';
import { users } from '../apps/api/src/schema';
import { startInstances } from '../apps/api/src/test/instances';
import { liftRateLimits } from '../apps/api/src/test/live-chat';
import { openEventStream, type EventStream } from '../apps/api/src/test/sse';
import { scratchDatabase } from './transfer';

const CONNECTIONS = Number(process.env.BENCH_CHAT_CONNECTIONS ?? 500);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 1_000);
/** Agent sends in flight at once: one by default, so the latency is not the queue of a saturated database. */
const IN_FLIGHT = Number(process.env.BENCH_CHAT_IN_FLIGHT ?? 1);
const TARGET_P99_MS = 100;

export interface ChatFigures {
  connections: number;
  rssBeforeKb: number;
  rssAfterKb: number;
  perConnectionKb: number;
  messages: number;
  delivery: { p50: number; p95: number; p99: number; max: number };
  send: { p50: number; p95: number; p99: number };
  lost: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
/** The median of 9 samples 250 ms apart: one sample is as much the garbage collector's timing as the connections'. */
async function settledRssKb(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 9; i++) {
    samples.push(rssKb(pid));
    await sleep(250);
  }
  return samples.sort((a, b) => a - b)[4] as number;
}
function quantiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN };
}

export async function chatBench(serverUrl: string): Promise<ChatFigures> {
  const scratch = await scratchDatabase(serverUrl);
  const db = scratch.database.db;
  await liftRateLimits(db, ['chat:send:', 'chat:agent:']);
  const ctx = { clock: systemClock } as AppContext;
  const tag = randomUUID().slice(0, 8);
  const [agent] = await db
    .insert(users)
    .values({ email: `agent.${tag}@example.com`, firstName: 'Grace', userType: 'USER', adminRole: 'SUPPORT', passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning();
  const customers = await db
    .insert(users)
    .values(Array.from({ length: CONNECTIONS }, (_, i) => ({ email: `chat${i}.${tag}@example.com`, firstName: `Ada${i}`, userType: 'USER' as const, passwordHash: 'x', emailVerifiedAt: new Date() })))
    .returning();
  const conversations = await db
    .insert(chatConversations)
    .values(customers.map((c) => ({ userId: c.id, status: 'open' as const })))
    .returning({ id: chatConversations.id, userId: chatConversations.userId });
  // Staff sessions act as admins only after an authenticator code or a passkey (decision 0046).
  const agentCookie = `lu_session=${await createSession(ctx, db, agent!.id, { secondFactor: 'totp' })}`;
  const cookies = new Map<string, string>();
  for (const c of customers) cookies.set(c.id, `lu_session=${await createSession(ctx, db, c.id)}`);

  const cluster = await startInstances(scratch.url, 1, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    FILE_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    LINK_SIGNING_SECRET: randomBytes(32).toString('base64'),
    // Every customer's stream comes from this one address: the per-visitor limit (decision 0035) would refuse all but 50.
    STREAMS_PER_VISITOR: String(CONNECTIONS + 1),
  });
  const instance = cluster.instances[0]!;
  const streams: EventStream[] = [];
  try {
    const pid = instance.server.child.pid as number;
    // Warm-up: the stream route's code paths run once before the baseline.
    const warm = openEventStream(`${instance.url}/api/chat/conversation/stream`, { headers: { cookie: cookies.get(customers[0]!.id)! }, reconnect: false });
    await warm.opened();
    warm.close();
    await sleep(1_000);
    const rssBeforeKb = await settledRssKb(pid);

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    for (const conversation of conversations) {
      const stream = openEventStream(`${instance.url}/api/chat/conversation/stream`, { headers: { cookie: cookies.get(conversation.userId!)! } });
      stream.onEvent((event) => {
        if (event.event !== 'message') return;
        const clientId = (JSON.parse(event.data) as { clientId: string | null }).clientId;
        const started = clientId ? sentAt.get(clientId) : undefined;
        if (started !== undefined) {
          latencies.push(event.at - started);
          sentAt.delete(clientId as string);
        }
      });
      streams.push(stream);
    }
    await Promise.all(streams.map((s) => s.opened()));
    await sleep(1_000);
    const rssAfterKb = await settledRssKb(pid);

    const sendTimes: number[] = [];
    let next = 0;
    const sender = async () => {
      while (next < MESSAGES) {
        const i = next++;
        const conversation = conversations[i % conversations.length]!;
        const clientId = randomUUID();
        const started = performance.now();
        sentAt.set(clientId, started);
        const res = await fetch(`${instance.url}/api/admin/chat/conversations/${conversation.id}/messages`, {
          method: 'POST',
          headers: { cookie: agentCookie, 'content-type': 'application/json' },
          body: JSON.stringify({ body: `Message ${i}: thanks for waiting, here is the answer.`, clientId }),
        });
        sendTimes.push(performance.now() - started);
        if (res.status !== 200 && res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
    const deadline = Date.now() + 30_000;
    while (latencies.length < MESSAGES && Date.now() < deadline) await sleep(50);
    const { p50, p95, p99, max } = quantiles(latencies);
    const send = quantiles(sendTimes);
    return {
      connections: streams.length,
      rssBeforeKb,
      rssAfterKb,
      perConnectionKb: (rssAfterKb - rssBeforeKb) / streams.length,
      messages: MESSAGES,
      delivery: { p50, p95, p99, max },
      send: { p50: send.p50, p95: send.p95, p99: send.p99 },
      lost: MESSAGES - latencies.length,
    };
  } finally {
    for (const stream of streams) stream.close();
    await cluster.stop();
    await scratch.drop();
  }
}

export function chatRows(f: ChatFigures): string[] {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return [
    `| ${f.connections} open chat streams, one instance, PostgreSQL: server memory (VmRSS) | ${(f.rssBeforeKb / 1024).toFixed(1)} MB → ${(f.rssAfterKb / 1024).toFixed(1)} MB | **${f.perConnectionKb.toFixed(1)} kB per connection** |`,
    `| agent's send call answered (reference), ${f.messages} messages, ${IN_FLIGHT} in flight | p50 ${ms(f.send.p50)}, p95 ${ms(f.send.p95)} | p99 ${ms(f.send.p99)} |`,
    `| delivery: send started → event on the customer's stream (target p99 ≤ ${TARGET_P99_MS} ms) | p50 ${ms(f.delivery.p50)}, p95 ${ms(f.delivery.p95)}, max ${ms(f.delivery.max)} | **p99 ${ms(f.delivery.p99)}** (${(f.delivery.p99 / f.send.p99).toFixed(2)} × the send's p99; ${f.delivery.p99 <= TARGET_P99_MS ? 'target met' : 'TARGET MISSED'}; ${f.lost} not delivered) |`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server (the chat bench runs on PostgreSQL, as production does).');
  const figures = await chatBench(serverUrl);
  console.log('\n| live chat | figures | result |\n| --- | --- | --- |');
  for (const line of chatRows(figures)) console.log(line);
}
