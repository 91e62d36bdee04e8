import type { PGlite, Transaction } from '@electric-sql/pglite';
import { SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';
import { ATTR_DB_OPERATION_NAME, ATTR_DB_QUERY_TEXT, ATTR_DB_SYSTEM_NAME, ATTR_ERROR_TYPE, DB_SYSTEM_NAME_VALUE_POSTGRESQL } from '@opentelemetry/semantic-conventions';
import type pg from 'pg';
import { recordedParent, recordError, settle, type Tracing } from '../tracing';
import type { Database } from './client';
import { statementLabel } from './errors';

/**
 * Database spans (decision 0043), made only while tracing is on and only under a recorded span (a
 * request, a job, a periodic task): the job runner's polling and other work outside them makes
 * none. One span per statement, named by its label (`select … from sessions`; never a value), with
 * the statement's first keyword and its text, cut to MAX_QUERY_TEXT characters; parameters are
 * never read. One `transaction` span around each transaction, its statements under it.
 *
 * The driver's own methods are replaced on the one client object (never on a prototype), and each
 * replacement calls the original at once, in the same tick, and hands back the original's own
 * promise: the order in which statements reach the driver, PGlite's locks, the pool's queue,
 * results and errors are exactly those of the untraced driver. Spans end when that promise settles.
 */

const MAX_QUERY_TEXT = 1_000;

const BASE_ATTRIBUTES: Attributes = {
  [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
  // The attribute's older name, which many tracing back ends still group by.
  'db.system': DB_SYSTEM_NAME_VALUE_POSTGRESQL,
};

/** The first keyword of a statement (`SELECT`, `INSERT`, `WITH`…), after any leading comment or parenthesis. */
export function operationName(text: string): string {
  const start = text.replace(/^(?:\s+|\(|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/, '');
  return /^[A-Za-z]+/.exec(start)?.[0]?.toUpperCase() ?? 'UNKNOWN';
}

/** The SQL text of a driver call's first argument: a string, or pg's `{ text, values }` (whose values are never read). */
function statementText(statement: unknown): string {
  if (typeof statement === 'string') return statement;
  const text = (statement as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

type AnyMethod = (...args: unknown[]) => unknown;

/** Calls `call` inside a span for `statement`, under `parent` when it is recorded; otherwise just calls it. */
function traceStatement<T>(tracing: Tracing, statement: unknown, call: () => T, parent: Context = tracing.active()): T {
  if (!recordedParent(parent)) return call();
  const text = statementText(statement);
  const span = tracing.tracer.startSpan(
    statementLabel(text),
    {
      kind: SpanKind.CLIENT,
      attributes: { ...BASE_ATTRIBUTES, [ATTR_DB_OPERATION_NAME]: operationName(text), [ATTR_DB_QUERY_TEXT]: text.length > MAX_QUERY_TEXT ? `${text.slice(0, MAX_QUERY_TEXT)}…` : text },
    },
    parent,
  );
  return settle(span, call);
}

/** A `transaction` span under the active span when that one is recorded; null otherwise. */
function startTransaction(tracing: Tracing): { span: Span; context: Context } | null {
  const parent = recordedParent(tracing.active());
  if (!parent) return null;
  const span = tracing.tracer.startSpan('transaction', { kind: SpanKind.INTERNAL, attributes: BASE_ATTRIBUTES }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Replaces `name` on `target` with a traced version; returns how to put the original back. */
function replace(target: object, name: string, traced: (original: AnyMethod) => AnyMethod): () => void {
  const holder = target as Record<string, unknown>;
  const hadOwn = Object.hasOwn(target, name);
  const original = holder[name] as AnyMethod;
  holder[name] = traced(original);
  return () => {
    if (hadOwn) holder[name] = original;
    else delete holder[name];
  };
}

/** PGlite's `query` and `exec` on `target` (the client, or one transaction's `tx`), each statement in a span; how to put them back. */
function traceStatements(target: PGlite | Transaction, tracing: Tracing): (() => void)[] {
  return ['query', 'exec'].map((name) =>
    replace(
      target,
      name,
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          return traceStatement(tracing, args[0], () => original.apply(this, args));
        },
    ),
  );
}

/**
 * PGlite: `query` and `exec`, and `transaction`, whose callback gets a traced `tx` and runs with
 * the transaction's span active. The callback is called as PGlite calls it, inside PGlite's own
 * transaction lock and nowhere else; its statements go through that same `tx` (made anew for each
 * transaction, so its wrappers go with it).
 */
function tracePglite(client: PGlite, tracing: Tracing): () => void {
  const restore = traceStatements(client, tracing);
  restore.push(
    replace(
      client,
      'transaction',
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          const callback = args[0] as (tx: Transaction) => unknown;
          const started = typeof callback === 'function' ? startTransaction(tracing) : null;
          if (!started) return original.apply(this, args);
          const inSpan = (tx: Transaction) => {
            traceStatements(tx, tracing);
            return tracing.with(started.context, () => callback(tx));
          };
          return settle(started.span, () => original.call(this, inSpan));
        },
    ),
  );
  return () => restore.forEach((undo) => undo());
}

/**
 * A connection checked out of the pool for a transaction: its statements under the transaction's
 * span, which ends when the connection goes back, marked failed when the transaction was rolled
 * back (Drizzle's ROLLBACK after an error) or the connection is given back broken. Both
 * replacements are undone at release, before the pool sees the connection again, so the pool's own
 * later use of it is untouched.
 */
function holdConnection(client: pg.PoolClient, tracing: Tracing, started: { span: Span; context: Context }): void {
  let rolledBack = false;
  const restoreQuery = replace(
    client,
    'query',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        if (typeof args[args.length - 1] === 'function') return original.apply(this, args);
        if (/^\s*rollback\s*;?\s*$/i.test(statementText(args[0]))) rolledBack = true;
        return traceStatement(tracing, args[0], () => original.apply(this, args), started.context);
      },
  );
  const restoreRelease = replace(
    client,
    'release',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        restoreQuery();
        restoreRelease();
        if (args[0] instanceof Error) recordError(started.span, args[0]);
        else if (rolledBack) {
          started.span.setAttribute(ATTR_ERROR_TYPE, 'rollback');
          started.span.setStatus({ code: SpanStatusCode.ERROR });
        }
        started.span.end();
        return original.apply(this, args);
      },
  );
}

/**
 * node-postgres: `pool.query` (Drizzle's statements outside transactions), and `pool.connect` in
 * its promise form, which Drizzle calls to start a transaction. The callback forms (pg-pool's own
 * checkouts inside `pool.query`) pass through untouched.
 */
function tracePool(pool: pg.Pool, tracing: Tracing): () => void {
  const restoreQuery = replace(
    pool,
    'query',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        if (typeof args[args.length - 1] === 'function') return original.apply(this, args);
        return traceStatement(tracing, args[0], () => original.apply(this, args));
      },
  );
  const restoreConnect = replace(
    pool,
    'connect',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        if (args.length > 0) return original.apply(this, args);
        const started = startTransaction(tracing);
        if (!started) return original.apply(this, args);
        let checkout: Promise<pg.PoolClient>;
        try {
          checkout = original.apply(this, args) as Promise<pg.PoolClient>;
        } catch (error) {
          recordError(started.span, error);
          started.span.end();
          throw error;
        }
        // Registered before the caller's own await, so the connection is traced before it is used.
        checkout.then(
          (client) => holdConnection(client, tracing, started),
          (error: unknown) => {
            recordError(started.span, error);
            started.span.end();
          },
        );
        return checkout;
      },
  );
  return () => {
    restoreQuery();
    restoreConnect();
  };
}

/**
 * Traces the statements and transactions of `database` (tracing on only; app.ts calls it). Returns
 * how to take the tracing off again, which the app does when it closes.
 */
export function traceDatabase(database: Database, tracing: Tracing): () => void {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  return database.driver === 'pglite' ? tracePglite(client as PGlite, tracing) : tracePool(client as pg.Pool, tracing);
}
