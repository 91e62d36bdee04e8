import { createHash } from 'node:crypto';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/platform';
import { inTransaction } from '../db/transaction';
import { AppError } from './app-error';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_MESSAGES = {
  missing: 'An Idempotency-Key header is required for this request.',
  malformed: 'The Idempotency-Key header must be 8 to 100 letters, digits, dashes, underscores, dots or colons.',
  reused: 'This Idempotency-Key was already used for a different request.',
} as const;

const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The Idempotency-Key of a request, required and well formed. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (key === undefined || key === '') throw new AppError('IDEMPOTENCY_KEY_MISSING', IDEMPOTENCY_MESSAGES.missing);
  if (typeof key !== 'string' || !KEY.test(key)) throw new AppError('BAD_REQUEST', IDEMPOTENCY_MESSAGES.malformed);
  return key;
}

/** JSON with object keys sorted, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonical(body)}`)
    .digest('hex');
}

export interface StoredResponse<T> {
  status: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

export interface IdempotentCall {
  /** Whose keys these are (e.g. `user:<id>`): keys of different callers never collide. */
  scope: string;
  key: string;
  fingerprint: string;
}

/**
 * Runs `effect` at most once per (scope, key). The key row is inserted first, in the same
 * transaction as the effect and its stored answer: a concurrent request with the same key waits on
 * that row, then replays the stored answer. An effect that fails stores nothing, so the same key can
 * be tried again. The same key with a different request is refused with 409.
 */
export async function runIdempotent<T>(db: Db, call: IdempotentCall, effect: (tx: Db) => Promise<{ status: number; body: T }>): Promise<StoredResponse<T>> {
  return inTransaction(db, async (tx) => {
    const [claimed] = await tx.insert(idempotencyKeys).values({ scope: call.scope, key: call.key, fingerprint: call.fingerprint }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (!claimed) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, call.scope), eq(idempotencyKeys.key, call.key)));
      if (!stored || stored.status === null) throw new Error('idempotency key row without an answer');
      if (stored.fingerprint !== call.fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.reused);
      return { status: stored.status, body: JSON.parse(stored.response ?? 'null') as T, replayed: true };
    }
    const result = await effect(tx);
    await tx
      .update(idempotencyKeys)
      .set({ status: result.status, response: JSON.stringify(result.body) })
      .where(and(eq(idempotencyKeys.scope, call.scope), eq(idempotencyKeys.key, call.key)));
    return { ...result, replayed: false };
  });
}

/**
 * The key's row as statement fragments, for a caller that does its whole effect in ONE statement
 * (the immediate transfer): the stored row of (scope, key) if any, and the insert of a new row with
 * its answer, selected from `source` (a CTE of the statement that has one row when the effect
 * happened). The rules of runIdempotent apply: the caller replays a stored answer and refuses
 * another fingerprint.
 */
export function storedKeySql(call: Pick<IdempotentCall, 'scope' | 'key'>): SQL {
  return sql`select fingerprint, status, response from idempotency_keys where scope = ${call.scope} and key = ${call.key}`;
}

export function insertKeySql(call: IdempotentCall & { status: number; response: string; at: string; source: SQL }): SQL {
  return sql`insert into idempotency_keys (scope, key, fingerprint, status, response, created_at)
        select ${call.scope}, ${call.key}, ${call.fingerprint}, ${call.status}::int, ${call.response}, ${call.at}::timestamptz from ${call.source}`;
}

/** Keys are kept a day (as payment providers do), then deleted by the job runner. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS)));
}
