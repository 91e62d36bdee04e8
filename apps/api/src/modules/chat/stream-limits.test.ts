import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { STREAM_MESSAGES } from '../../platform/http/stream-limits';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';

/**
 * Decision 0035: live chat streams are limited per session, per visitor (IP) and per instance;
 * one past a limit is refused with the JSON error shape and Retry-After, and closing a stream
 * gives its place back. Limits here: 2 per session, 3 per visitor, 4 per instance.
 */

let ctx: TestContext;
let base: string;
const open: Response[] = [];
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestApp({ STREAMS_PER_SESSION: '2', STREAMS_PER_VISITOR: '3', STREAMS_PER_INSTANCE: '4', TRUST_PROXY: '1' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());
afterEach(async () => {
  await Promise.all(open.splice(0).map((res) => res.body?.cancel()));
  await vi.waitFor(() => expect(ctx.app.eventStreamCounter.open()).toBe(0));
});

/** A signed-in customer with a conversation. */
async function customer(email: string): Promise<string> {
  const session = await personSession(ctx.app, email);
  await ctx.app.inject({ method: 'POST', url: '/api/chat/conversations', headers: { origin: ORIGIN }, cookies: { lu_session: session }, payload: {} });
  return session;
}

async function stream(session: string, ip: string): Promise<Response> {
  const res = await fetch(`${base}/api/chat/conversation/stream`, { headers: { cookie: `lu_session=${session}`, 'x-forwarded-for': ip } });
  if (res.status === 200) open.push(res);
  return res;
}

async function expectRefused(res: Response, status: number, code: string, message: string): Promise<void> {
  expect(res.status).toBe(status);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await res.json()).toEqual({ message, code });
}

describe('live stream limits', () => {
  it('refuses a third stream of one session with 429, and opens it once another has closed', async () => {
    const alice = await customer('alice.limits@example.com');
    expect((await stream(alice, '10.1.0.1')).status).toBe(200);
    expect((await stream(alice, '10.1.0.2')).status).toBe(200);
    await expectRefused(await stream(alice, '10.1.0.3'), 429, 'RATE_LIMITED', STREAM_MESSAGES.session);
    expect(ctx.app.eventStreamCounter.open()).toBe(2);
    await open.shift()!.body!.cancel();
    await vi.waitFor(() => expect(ctx.app.eventStreamCounter.open()).toBe(1));
    expect((await stream(alice, '10.1.0.3')).status).toBe(200);
  });

  it('refuses a fourth stream from one address with 429, whoever opens it', async () => {
    const bob = await customer('bob.limits@example.com');
    const carol = await customer('carol.limits@example.com');
    expect((await stream(bob, '10.2.0.1')).status).toBe(200);
    expect((await stream(bob, '10.2.0.1')).status).toBe(200);
    expect((await stream(carol, '10.2.0.1')).status).toBe(200);
    await expectRefused(await stream(carol, '10.2.0.1'), 429, 'RATE_LIMITED', STREAM_MESSAGES.visitor);
    expect((await stream(carol, '10.2.0.2')).status).toBe(200);
  });

  it('refuses a fifth stream on the instance with 503, then serves again once one closes', async () => {
    const people = await Promise.all(['dan', 'eve', 'fay', 'gus', 'hal'].map((n) => customer(`${n}.limits@example.com`)));
    for (const [i, person] of people.slice(0, 4).entries()) expect((await stream(person, `10.3.0.${i + 1}`)).status).toBe(200);
    await expectRefused(await stream(people[4]!, '10.3.0.9'), 503, 'UNAVAILABLE', STREAM_MESSAGES.instance);
    await open.pop()!.body!.cancel();
    await vi.waitFor(() => expect(ctx.app.eventStreamCounter.open()).toBe(3));
    expect((await stream(people[4]!, '10.3.0.9')).status).toBe(200);
  });

  it('gives every place back when the server closes its streams', async () => {
    const ida = await customer('ida.limits@example.com');
    await stream(ida, '10.4.0.1');
    expect(ctx.app.eventStreamCounter.open({ visitor: '10.4.0.1' })).toBe(1);
    for (const s of ctx.app.eventStreams) s.close();
    expect(ctx.app.eventStreamCounter.open()).toBe(0);
  });
});

describe('the limits settings', () => {
  it('are checked at boot', () => {
    const env = { NODE_ENV: 'test' };
    expect(loadConfig(env).streamLimits).toEqual({ perSession: 5, perVisitor: 50, perInstance: 2000 });
    expect(() => loadConfig({ ...env, STREAMS_PER_SESSION: '0' })).toThrow(/STREAMS_PER_SESSION must be a whole number from 1 to 1000/);
    expect(() => loadConfig({ ...env, STREAMS_PER_VISITOR: 'many' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, STREAMS_PER_SESSION: '10', STREAMS_PER_VISITOR: '5' })).toThrow(/STREAMS_PER_SESSION \(10\) must not be more than STREAMS_PER_VISITOR \(5\)/);
  });
});
