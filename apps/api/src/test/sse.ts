/**
 * A client of text/event-stream for tests and benchmarks: fetch-based, parses id/event/data as the
 * EventSource standard does, reconnects after a dropped stream sending Last-Event-ID, and keeps
 * every event it received with the time it arrived. No test-runner imports: the benchmarks use it.
 */

export interface SseEvent {
  /** The event's id field, or the last id seen before it (as EventSource's lastEventId). */
  id: string | undefined;
  event: string;
  data: string;
}

export interface ReceivedEvent extends SseEvent {
  /** performance.now() when its last line arrived. */
  at: number;
  /** Which connection (1 = first, 2 = after the first reconnect, …) carried it. */
  connection: number;
}

/** The standard's parsing: incremental, any of CRLF / LF / CR ends a line, comments ignored. */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private eventType = '';
  private pendingCr = false;
  lastEventId: string | undefined;
  /** The server's `retry:` in milliseconds, if it sent one. */
  retry: number | undefined;

  constructor(lastEventId?: string) {
    this.lastEventId = lastEventId;
  }

  push(chunk: string): SseEvent[] {
    let text = chunk;
    // A CR at the end of the previous chunk may be the first half of a CRLF.
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = text.endsWith('\r');
    this.buffer += text;
    const events: SseEvent[] = [];
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? '';
    for (const line of lines) {
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') {
      const dispatch = this.data.length > 0 ? { id: this.lastEventId, event: this.eventType || 'message', data: this.data.join('\n') } : undefined;
      this.data = [];
      this.eventType = '';
      return dispatch;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.eventType = value;
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
    return undefined;
  }
}

export interface EventStreamOptions {
  headers?: Record<string, string>;
  /** Resume after this id (sent as Last-Event-ID on the first connection too). */
  lastEventId?: string;
  /** Wait before reconnecting after a dropped stream (the server's retry: is ignored: tests are in a hurry). */
  reconnectDelayMs?: number;
  /** Reconnect after the stream ends or fails (default true). */
  reconnect?: boolean;
}

export interface EventStream {
  readonly events: ReceivedEvent[];
  readonly lastEventId: string | undefined;
  /** Connections made so far (1 after the first one answered). */
  readonly connections: number;
  /** Answers the stream's failure that stops it (a 4xx answer), if any. */
  readonly failure: string | undefined;
  /** Resolves once the current connection has answered 200 (a new promise after each drop). */
  opened(): Promise<void>;
  /** Called for each event as it arrives. */
  onEvent(listener: (event: ReceivedEvent) => void): void;
  /** Resolves when `predicate` holds for the events received; rejects after `timeoutMs`. */
  waitFor(predicate: (events: readonly ReceivedEvent[]) => boolean, timeoutMs: number, what?: string): Promise<void>;
  close(): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function openEventStream(url: string, options: EventStreamOptions = {}): EventStream {
  const events: ReceivedEvent[] = [];
  const listeners: ((event: ReceivedEvent) => void)[] = [];
  const waiters = new Set<() => void>();
  let lastEventId = options.lastEventId;
  let connections = 0;
  let failure: string | undefined;
  let closed = false;
  /** The current opened() promise has resolved: a drop after it needs a new one. */
  let isOpen = false;
  let abort = new AbortController();
  let markOpen: () => void = () => {};
  let markFailed: (err: Error) => void = () => {};
  let openPromise = new Promise<void>((resolve, reject) => ((markOpen = resolve), (markFailed = reject)));
  openPromise.catch(() => {});
  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  async function connectOnce(): Promise<void> {
    abort = new AbortController();
    const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    const res = await fetch(url, { headers, signal: abort.signal });
    if (res.status !== 200 || !res.body) {
      const text = await res.text().catch(() => '');
      if (res.status >= 400 && res.status < 500) failure = `${res.status} ${text}`;
      throw new Error(`stream answered ${res.status}: ${text}`);
    }
    connections += 1;
    const connection = connections;
    isOpen = true;
    markOpen();
    notify();
    const parser = new SseParser(lastEventId);
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      const at = performance.now();
      for (const event of parser.push(decoder.decode(chunk, { stream: true }))) {
        lastEventId = parser.lastEventId;
        const received: ReceivedEvent = { ...event, at, connection };
        events.push(received);
        for (const listener of listeners) listener(received);
      }
      notify();
    }
  }

  void (async () => {
    while (!closed) {
      try {
        await connectOnce();
      } catch (err) {
        if (closed) break;
        if (failure) {
          markFailed(new Error(failure));
          notify();
          break;
        }
        void err;
      }
      if (closed || options.reconnect === false) break;
      if (isOpen) {
        // The next connection's opened() is a new promise.
        isOpen = false;
        openPromise = new Promise<void>((resolve, reject) => ((markOpen = resolve), (markFailed = reject)));
        openPromise.catch(() => {});
      }
      await sleep(options.reconnectDelayMs ?? 100);
    }
  })();

  return {
    events,
    get lastEventId() {
      return lastEventId;
    },
    get connections() {
      return connections;
    },
    get failure() {
      return failure;
    },
    opened: () => openPromise,
    onEvent: (listener) => void listeners.push(listener),
    waitFor(predicate, timeoutMs, what = 'the expected events') {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (predicate(events)) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          } else if (failure) {
            clearTimeout(timer);
            waiters.delete(check);
            reject(new Error(`stream failed while waiting for ${what}: ${failure}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; ${events.length} events received on ${connections} connection(s)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      closed = true;
      abort.abort();
      notify();
    },
  };
}
