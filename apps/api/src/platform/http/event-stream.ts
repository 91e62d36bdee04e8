import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_STREAM_LIMITS, StreamCounter, type StreamLimits } from './stream-limits';

/**
 * Server-sent events (decision 0029). `openEventStream` takes the answer over from Fastify and
 * writes `text/event-stream`: never cached, never buffered by a proxy (X-Accel-Buffering: no) nor
 * compressed, a comment every 20 s so idle connections and proxies keep it open, and
 * `Connection: close` so that ending it frees the socket. It ends when the client goes away and
 * when the server shuts down (registerEventStreams' preClose), so open streams never hold a
 * shutdown open. Open streams are counted (stream-limits.ts): one past a limit is refused with
 * the usual JSON error before the answer is taken over.
 */

export const HEARTBEAT_MS = 20_000;
/**
 * A stream is ended after 10 to 11 minutes (spread, so reconnects do not come all at once): the
 * client reconnects with Last-Event-ID and is authorised again, so a signed-out person, an admin
 * whose role changed or a visitor whose cookie was replaced stops receiving; the replay loses nothing.
 */
export const MAX_LIFETIME_MS = 10 * 60_000;

export interface ServerSentEvent {
  event: string;
  data: string;
  /** The event id a reconnecting client sends back as Last-Event-ID. */
  id?: number | string;
}

export interface EventStream {
  send(event: ServerSentEvent): void;
  /** Runs once when the stream ends, whoever ended it. */
  onClose(listener: () => void): void;
  close(): void;
  readonly closed: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    eventStreams: Set<EventStream>;
    eventStreamCounter: StreamCounter;
  }
}

/** Every open stream is ended when the app starts closing. */
export function registerEventStreams(app: FastifyInstance, limits: StreamLimits = DEFAULT_STREAM_LIMITS): void {
  app.decorate('eventStreams', new Set<EventStream>());
  app.decorate('eventStreamCounter', new StreamCounter(limits));
  app.addHook('preClose', async () => {
    for (const stream of app.eventStreams) stream.close();
  });
}

const EVENT_ID = /^\d{1,15}$/;

/** Whether the client sent a usable Last-Event-ID (a reconnect), not none or a malformed one. */
export function hasLastEventId(request: FastifyRequest): boolean {
  const header = request.headers['last-event-id'];
  return typeof header === 'string' && EVENT_ID.test(header.trim());
}

/** The id the client last saw: the Last-Event-ID header, or `?after=` where a client cannot set headers. */
export function lastEventId(request: FastifyRequest, after?: number): number {
  const header = request.headers['last-event-id'];
  const value = typeof header === 'string' && EVENT_ID.test(header.trim()) ? Number(header.trim()) : undefined;
  return Math.max(value ?? 0, after ?? 0);
}

/** One line per field line; a data value's line breaks become several `data:` lines. */
function format(event: ServerSentEvent): string {
  const clean = (s: string) => s.replace(/[\r\n]/g, ' ');
  const lines = [`event: ${clean(event.event)}`];
  if (event.id !== undefined) lines.push(`id: ${clean(String(event.id))}`);
  for (const line of event.data.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
  return `${lines.join('\n')}\n\n`;
}

export interface EventStreamOptions {
  heartbeatMs?: number;
  maxLifetimeMs?: number;
  /** The session (or chat visitor) whose stream this is, counted against the per-session limit. */
  session?: string | null;
}

export function openEventStream(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, options: EventStreamOptions = {}): EventStream {
  // Throws the 429/503 while Fastify still answers, so the refusal is the documented JSON shape.
  const release = app.eventStreamCounter.acquire({ session: options.session ?? null, visitor: request.ip });
  reply.hijack();
  const res = reply.raw;
  const inherited = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as Record<string, string | string[] | number>;
  res.writeHead(200, {
    ...inherited,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
    connection: 'close',
  });
  // Reconnect after 2 s when the connection drops; the first bytes also flush the headers.
  res.write('retry: 2000\n\n');
  const listeners: (() => void)[] = [];
  let closed = false;
  const heartbeat = setInterval(() => {
    if (!closed) res.write(': keep-alive\n\n');
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  const lifetime = options.maxLifetimeMs ?? MAX_LIFETIME_MS + Math.floor(Math.random() * 60_000);
  const expiry = setTimeout(() => stream.close(), lifetime);
  expiry.unref();

  const stream: EventStream = {
    get closed() {
      return closed;
    },
    send(event) {
      if (!closed) res.write(format(event));
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      app.eventStreams.delete(stream);
      release();
      if (!res.writableEnded) res.end();
      for (const listener of listeners.splice(0)) {
        try {
          listener();
        } catch (err) {
          request.log.warn({ err }, 'event stream close listener failed');
        }
      }
    },
  };
  app.eventStreams.add(stream);
  request.raw.on('close', () => stream.close());
  res.on('close', () => stream.close());
  res.on('error', () => stream.close());
  return stream;
}
