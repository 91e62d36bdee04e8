import { AppError } from './app-error';

/**
 * How many live streams (server-sent events) may be open at once (decision 0035): per session
 * (a signed-in session, or a chat visitor's cookie), per visitor (the client's IP address, as
 * TRUST_PROXY resolves it, signed in or not) and per instance. A stream past a limit is refused
 * before it opens: 429 for a session or a visitor, 503 for the instance, each with Retry-After;
 * a stream's place is given back when it closes, whoever closes it.
 */
export interface StreamLimits {
  perSession: number;
  perVisitor: number;
  perInstance: number;
}

/** A few tabs per session; an office behind one address; what one instance comfortably holds. */
export const DEFAULT_STREAM_LIMITS: StreamLimits = { perSession: 5, perVisitor: 50, perInstance: 2_000 };

export const STREAM_MESSAGES = {
  session: 'Too many live updates are open for this session. Close some tabs, then try again.',
  visitor: 'Too many live updates are open from your connection. Close some tabs, then try again.',
  instance: 'We are busy right now. Please try again in a moment.',
} as const;

/** Seconds a refused client is asked to wait: about a stream's reconnect, without a storm. */
export const STREAM_RETRY_AFTER_S = { client: 30, instance: 10 } as const;

export interface StreamOwner {
  /** The session (or chat visitor) the stream belongs to; null when it has none. */
  session: string | null;
  /** The client's address. */
  visitor: string;
}

export class StreamCounter {
  private readonly sessions = new Map<string, number>();
  private readonly visitors = new Map<string, number>();
  private total = 0;

  constructor(readonly limits: StreamLimits) {}

  /** Counts a new stream of `owner`, or throws the refusal; the release runs at most once. */
  acquire(owner: StreamOwner): () => void {
    if (this.total >= this.limits.perInstance) throw refusal('UNAVAILABLE', STREAM_MESSAGES.instance, STREAM_RETRY_AFTER_S.instance);
    if ((this.visitors.get(owner.visitor) ?? 0) >= this.limits.perVisitor) throw refusal('RATE_LIMITED', STREAM_MESSAGES.visitor, STREAM_RETRY_AFTER_S.client);
    if (owner.session !== null && (this.sessions.get(owner.session) ?? 0) >= this.limits.perSession) {
      throw refusal('RATE_LIMITED', STREAM_MESSAGES.session, STREAM_RETRY_AFTER_S.client);
    }
    this.total += 1;
    increment(this.visitors, owner.visitor, 1);
    if (owner.session !== null) increment(this.sessions, owner.session, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      increment(this.visitors, owner.visitor, -1);
      if (owner.session !== null) increment(this.sessions, owner.session, -1);
    };
  }

  /** Open streams: all of them, or of one session or visitor. */
  open(of?: { session?: string; visitor?: string }): number {
    if (of?.session !== undefined) return this.sessions.get(of.session) ?? 0;
    if (of?.visitor !== undefined) return this.visitors.get(of.visitor) ?? 0;
    return this.total;
  }
}

function increment(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

function refusal(code: 'RATE_LIMITED' | 'UNAVAILABLE', message: string, retryAfterS: number): AppError {
  const error = new AppError(code, message);
  error.headers = { 'retry-after': String(retryAfterS) };
  return error;
}
