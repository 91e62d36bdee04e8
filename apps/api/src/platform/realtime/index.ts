import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS, type Database, type Db } from '../db/client';

/**
 * Live fan-out between the API's instances (decision 0029). A module publishes a tiny payload (ids
 * only: what changed is read from the database) on a topic after its transaction commits; every
 * subscriber of that topic, in this process or another one on the same database, is called.
 *
 * A subscriber is also told `resync` when deliveries may have been lost (the LISTEN connection
 * dropped and came back): it then re-reads what it shows from the database.
 */

export type RealtimeEvent = { kind: 'message'; payload: string } | { kind: 'resync' };
export type RealtimeListener = (event: RealtimeEvent) => void;

/**
 * Ends a subscription. `ready` resolves once deliveries on the topic are flowing (on PostgreSQL:
 * the LISTEN has taken effect), so a subscriber that reads the database after awaiting it misses
 * nothing committed in between.
 */
export type Unsubscribe = (() => void) & { readonly ready: Promise<void> };

export interface Realtime {
  publish(topic: string, payload: string): Promise<void>;
  subscribe(topic: string, listener: RealtimeListener): Unsubscribe;
  close(): Promise<void>;
}

const TOPIC = /^[a-z][a-z0-9_]{0,62}$/;
function checkTopic(topic: string): void {
  if (!TOPIC.test(topic)) throw new Error(`realtime topic "${topic}" must be lower-case letters, digits and underscores`);
}

/** Subscribers per topic, shared by both implementations. */
class Listeners {
  private readonly emitter = new EventEmitter();
  private readonly counts = new Map<string, number>();
  /** Per topic, when its first subscriber's LISTEN took effect (later subscribers wait on the same). */
  private readonly listening = new Map<string, Promise<void>>();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  topics(): string[] {
    return [...this.counts.keys()];
  }

  add(topic: string, listener: RealtimeListener, onFirst: () => Promise<void>, onLast: () => void): Unsubscribe {
    const count = this.counts.get(topic) ?? 0;
    this.counts.set(topic, count + 1);
    this.emitter.on(topic, listener);
    if (count === 0) this.listening.set(topic, onFirst());
    const ready = this.listening.get(topic) ?? Promise.resolve();
    let removed = false;
    const unsubscribe = () => {
      if (removed) return;
      removed = true;
      this.emitter.off(topic, listener);
      const left = (this.counts.get(topic) ?? 1) - 1;
      if (left > 0) this.counts.set(topic, left);
      else {
        this.counts.delete(topic);
        this.listening.delete(topic);
        onLast();
      }
    };
    return Object.assign(unsubscribe, { ready });
  }

  emit(topic: string, event: RealtimeEvent): void {
    for (const listener of this.emitter.listeners(topic) as RealtimeListener[]) {
      try {
        listener(event);
      } catch {
        // One subscriber's failure never stops the others.
      }
    }
  }

  resyncAll(): void {
    for (const topic of this.topics()) this.emit(topic, { kind: 'resync' });
  }

  clear(): void {
    this.emitter.removeAllListeners();
    this.counts.clear();
    this.listening.clear();
  }
}

/** The embedded database is one process: an in-process channel is the whole fan-out. */
export class LocalRealtime implements Realtime {
  private readonly listeners = new Listeners();

  async publish(topic: string, payload: string): Promise<void> {
    checkTopic(topic);
    // Asynchronous like NOTIFY: the publisher's answer never waits on a subscriber.
    queueMicrotask(() => this.listeners.emit(topic, { kind: 'message', payload }));
  }

  subscribe(topic: string, listener: RealtimeListener): Unsubscribe {
    checkTopic(topic);
    return this.listeners.add(
      topic,
      listener,
      async () => {},
      () => {},
    );
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

export interface PostgresRealtimeOptions {
  url: string;
  /** NOTIFY goes through the pool (any connection will do). */
  db: Db;
  onError?: (error: unknown) => void;
  /** First and longest wait between reconnection attempts. */
  retryMs?: { min: number; max: number };
}

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated connection (never the pool's: a pooled connection goes
 * back to others, and LISTEN is per session) listens to every topic this process has subscribers
 * for. When it drops it is reopened with a growing delay, every topic is listened to again and
 * every subscriber is told `resync`. NOTIFY is `select pg_notify($1, $2)` on the pool.
 */
export class PostgresRealtime implements Realtime {
  private readonly listeners = new Listeners();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private delay: number;

  constructor(private readonly options: PostgresRealtimeOptions) {
    this.delay = options.retryMs?.min ?? 250;
  }

  async publish(topic: string, payload: string): Promise<void> {
    checkTopic(topic);
    await this.options.db.execute(sql`select pg_notify(${topic}, ${payload})`);
  }

  subscribe(topic: string, listener: RealtimeListener): Unsubscribe {
    checkTopic(topic);
    return this.listeners.add(
      topic,
      listener,
      () => this.listen(`listen "${topic}"`),
      () => void this.listen(`unlisten "${topic}"`),
    );
  }

  /** Resolves once the LISTEN connection is open and listening to every subscribed topic. */
  async ready(): Promise<void> {
    await this.connect();
  }

  private async listen(statement: string): Promise<void> {
    try {
      await this.connect();
      await this.client?.query(statement);
    } catch (error) {
      // A failed LISTEN means a broken connection: the reconnect listens to every topic again.
      this.options.onError?.(error);
    }
  }

  private connect(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.client) return Promise.resolve();
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    const lost = (error?: unknown) => {
      if (error) this.options.onError?.(error);
      if (this.client !== client) return;
      this.client = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => this.listeners.emit(n.channel, { kind: 'message', payload: n.payload ?? '' }));
    try {
      await client.connect();
      for (const topic of this.listeners.topics()) await client.query(`listen "${topic}"`);
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
      this.options.onError?.(error);
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.delay = this.options.retryMs?.min ?? 250;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry) return;
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, this.options.retryMs?.max ?? 5_000);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect().then(() => {
        // Anything published while nobody listened is lost: subscribers re-read from the database.
        if (this.client) this.listeners.resyncAll();
      });
    }, wait);
    this.retry.unref();
  }

  /** The LISTEN connection's backend pid (tests end it with pg_terminate_backend). */
  async backendPid(): Promise<number | null> {
    await this.connect();
    const result = await this.client?.query<{ pid: number }>('select pg_backend_pid() as pid');
    return result?.rows[0]?.pid ?? null;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    this.listeners.clear();
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}

/** The fan-out for a database: LISTEN/NOTIFY on PostgreSQL, in-process on the embedded database. */
export function createRealtime(database: Pick<Database, 'driver' | 'db' | 'url'>, onError?: (error: unknown) => void): Realtime {
  if (database.driver === 'postgres' && database.url) return new PostgresRealtime({ url: database.url, db: database.db, ...(onError ? { onError } : {}) });
  return new LocalRealtime();
}
