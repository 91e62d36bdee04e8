import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasLastEventId, lastEventId, openEventStream, registerEventStreams } from './event-stream';

/** The server-sent events helper on a bare Fastify app: ending by lifetime, and the resume point. */

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = Fastify();
  registerEventStreams(app);
  app.get('/short', async (request, reply) => {
    const stream = openEventStream(app, request, reply, { maxLifetimeMs: 100 });
    stream.send({ event: 'hello', id: 7, data: JSON.stringify({ from: request.headers['last-event-id'] ?? null }) });
  });
  app.get('/resume', async (request) => ({ has: hasLastEventId(request), last: lastEventId(request) }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

describe('an event stream', () => {
  it('ends when its lifetime is over, so the client reconnects and is authorised again', async () => {
    const res = await fetch(`${base}/short`);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    // The body ends by itself (no cancel here): the stream closed after its lifetime.
    const text = await res.text();
    expect(text).toContain('event: hello\nid: 7\n');
    expect(app.eventStreams.size).toBe(0);
  });

  it('reads a usable Last-Event-ID only', async () => {
    const ask = async (header?: string) => (await fetch(`${base}/resume`, { headers: header === undefined ? {} : { 'last-event-id': header } })).json();
    expect(await ask()).toEqual({ has: false, last: 0 });
    expect(await ask('42')).toEqual({ has: true, last: 42 });
    expect(await ask('0')).toEqual({ has: true, last: 0 });
    expect(await ask('abc')).toEqual({ has: false, last: 0 });
    expect(await ask('1e9')).toEqual({ has: false, last: 0 });
  });
});
