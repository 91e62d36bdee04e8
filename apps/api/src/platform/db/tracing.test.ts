import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestDatabase } from '../../test/database';
import { createTracing, type Tracing } from '../tracing';
import { queryRows, type Database } from './client';
import { sqlState } from './errors';
import { operationName, traceDatabase } from './tracing';

const exporter = new InMemorySpanExporter();
const table = `trace_probe_${randomBytes(4).toString('hex')}`;
let database: Database;
let tracing: Tracing;
let untrace: () => void;
/** The driver's client, and the pool's `connect` before tracing (the connection backoff's own): what untracing must put back. */
let client: PGlite | pg.Pool;
let connectBefore: unknown;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql.raw(`create table ${table} (n int not null)`));
  tracing = createTracing(loadConfig({ OTEL_TRACES_EXPORTER: 'otlp' }).tracing, { log: pino({ level: 'silent' }), spanProcessors: [new SimpleSpanProcessor({ exporter })] })!;
  client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  connectBefore = (client as unknown as Record<string, unknown>).connect;
  untrace = traceDatabase(database, tracing);
});
afterAll(async () => {
  untrace();
  await tracing.shutdown();
  await database.close();
});
beforeEach(() => exporter.reset());

/** Runs `fn` under a recorded span, as a request's handler runs; the span ends after it. */
async function underSpan<T>(fn: () => Promise<T>): Promise<{ value: T; spanId: string; traceId: string }> {
  const span = tracing.tracer.startSpan('test');
  try {
    const value = await tracing.with(trace.setSpan(ROOT_CONTEXT, span), fn);
    return { value, ...span.spanContext() };
  } finally {
    span.end();
  }
}

const finished = () => exporter.getFinishedSpans();
const statements = () => finished().filter((s) => s.kind === SpanKind.CLIENT);
const childrenOf = (spanId: string) => finished().filter((s) => s.parentSpanContext?.spanId === spanId);
const everything = (spans: ReadableSpan[]) => JSON.stringify(spans.map((s) => ({ name: s.name, attributes: s.attributes, events: s.events })));
const count = async (n: number) => (await queryRows<{ c: number }>(database.db, sql.raw(`select count(*)::int as c from ${table} where n = ${n}`)))[0]!.c;

describe('database spans', () => {
  it('makes a CLIENT span per statement under the active span, named by its label, with its first keyword and text, never its values', async () => {
    const { value, spanId, traceId } = await underSpan(() => queryRows<{ n: number }>(database.db, sql`select n from ${sql.raw(table)} where n = ${424242}`));
    expect(value).toEqual([]);
    const [span, ...others] = statements();
    expect(others).toEqual([]);
    expect(span).toMatchObject({ name: `select … from ${table}`, parentSpanContext: { spanId, traceId } });
    expect(span!.spanContext().traceId).toBe(traceId);
    expect(span!.attributes).toMatchObject({ 'db.system.name': 'postgresql', 'db.system': 'postgresql', 'db.operation.name': 'SELECT' });
    expect(span!.attributes['db.query.text']).toMatch(new RegExp(`^select "?n"? from ${table} where "?n"? = \\$1$`));
    expect(everything(finished())).not.toContain('424242');
  });

  it('makes none outside a recorded span: the job runner polling, or a request its caller chose not to sample', async () => {
    await database.db.execute(sql`select 1`);
    const unsampled = trace.wrapSpanContext({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: TraceFlags.NONE });
    await tracing.with(trace.setSpan(ROOT_CONTEXT, unsampled), () => database.db.transaction((tx) => tx.execute(sql`select 1`)));
    expect(finished()).toEqual([]);
  });

  it('puts a transaction span around each transaction, its statements under it; a failed one is marked and rolled back as without tracing', async () => {
    const { spanId } = await underSpan(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ${sql.raw(table)} (n) values (${1})`);
        return queryRows(tx, sql`select count(*) from ${sql.raw(table)}`);
      }),
    );
    const [transaction, ...others] = childrenOf(spanId);
    expect(others).toEqual([]);
    expect(transaction).toMatchObject({ name: 'transaction', attributes: { 'db.system.name': 'postgresql' }, status: { code: SpanStatusCode.UNSET } });
    const inside = childrenOf(transaction!.spanContext().spanId);
    expect(inside.map((s) => s.attributes['db.operation.name'])).toEqual(expect.arrayContaining(['INSERT', 'SELECT']));
    expect(await count(1)).toBe(1);

    exporter.reset();
    const failed = underSpan(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ${sql.raw(table)} (n) values (${2})`);
        throw new Error('changed my mind');
      }),
    );
    await expect(failed).rejects.toThrow('changed my mind');
    expect(await count(2)).toBe(0);
    const rolledBack = finished().find((s) => s.name === 'transaction');
    // PGlite hands the error to the span; on PostgreSQL the span sees Drizzle's ROLLBACK.
    expect(rolledBack).toMatchObject({ status: { code: SpanStatusCode.ERROR }, attributes: { 'error.type': database.driver === 'pglite' ? 'Error' : 'rollback' } });
  });

  it('hands back the driver’s own error, and records a failed statement by its SQLSTATE, never its message', async () => {
    const failing = () => database.db.execute(sql`select ${'secret-value-123'}::uuid`);
    const untraced: unknown = await failing().catch((e: unknown) => e);
    const { value: traced } = await underSpan(() => failing().catch((e: unknown) => e));
    expect(sqlState(traced)).toBe('22P02');
    expect((traced as Error).constructor).toBe((untraced as Error).constructor);
    expect((traced as Error).message).toBe((untraced as Error).message);
    const [span] = statements();
    expect(span).toMatchObject({ status: { code: SpanStatusCode.ERROR }, attributes: { 'error.type': '22P02' } });
    expect(span!.events.map((e) => e.name)).toEqual(['exception']);
    expect(everything(finished())).not.toContain('secret-value-123');
  });

  it('leaves concurrency alone: parallel transactions, savepoints and statements finish with the results they have untraced', async () => {
    const work = (base: number) =>
      Promise.all([
        ...Array.from({ length: 6 }, (_, i) =>
          database.db.transaction(async (tx) => {
            await tx.execute(sql`insert into ${sql.raw(table)} (n) values (${base + i})`);
            await sleep(i % 3);
            // A savepoint that fails is rolled back alone; the transaction goes on.
            await tx
              .transaction(async (sp) => {
                await sp.execute(sql`insert into ${sql.raw(table)} (n) values (${base + 100 + i})`);
                throw new Error('undo the savepoint');
              })
              .catch(() => undefined);
            return (await queryRows<{ c: number }>(tx, sql`select count(*)::int as c from ${sql.raw(table)} where n = ${base + i}`))[0]!.c;
          }),
        ),
        ...Array.from({ length: 6 }, (_, i) => queryRows<{ v: number }>(database.db, sql`select ${i}::int as v`).then((rows) => rows[0]!.v)),
      ]);
    const untraced = await work(1_000);
    const { value: traced } = await underSpan(() => work(2_000));
    expect(traced).toEqual(untraced);
    expect(traced).toEqual([1, 1, 1, 1, 1, 1, 0, 1, 2, 3, 4, 5]);
    for (let i = 0; i < 6; i++) expect([await count(2_000 + i), await count(2_100 + i)]).toEqual([1, 0]);
    const transactions = finished().filter((s) => s.name === 'transaction');
    expect(transactions).toHaveLength(6);
    // Each transaction's statements are its own children, whatever the interleaving.
    for (const t of transactions) expect(childrenOf(t.spanContext().spanId).length).toBeGreaterThanOrEqual(2);
  });

  it('on PostgreSQL, traces a connection taken for a transaction until it goes back, then leaves it to the pool', async (context) => {
    if (database.driver !== 'postgres') context.skip();
    const pool = client as pg.Pool;
    const { spanId } = await underSpan(async () => {
      const connection = await pool.connect();
      expect(Object.hasOwn(connection, 'query')).toBe(true);
      await connection.query('select 1');
      connection.release();
      expect(Object.hasOwn(connection, 'query')).toBe(false);
    });
    const [transaction] = childrenOf(spanId);
    expect(transaction).toMatchObject({ name: 'transaction', ended: true });
    expect(childrenOf(transaction!.spanContext().spanId).map((s) => s.name)).toEqual(['select']);
  });

  it('names the operation by the first keyword, after comments and parentheses', () => {
    expect(operationName('  /* probe */ (select 1)')).toBe('SELECT');
    expect(operationName('-- note\nwith a as (select 1) select * from a')).toBe('WITH');
    expect(operationName('insert into t values ($1)')).toBe('INSERT');
    expect(operationName('')).toBe('UNKNOWN');
  });

  it('puts every original method back when untraced', () => {
    untrace();
    const c = client as unknown as Record<string, unknown>;
    if (database.driver === 'pglite') {
      for (const name of ['query', 'exec', 'transaction']) expect(Object.hasOwn(client, name)).toBe(false);
      expect(c.query).toBe(PGlite.prototype.query);
      expect(c.transaction).toBe(PGlite.prototype.transaction);
    } else {
      expect(Object.hasOwn(client, 'query')).toBe(false);
      expect(c.query).toBe(pg.Pool.prototype.query);
      // The connection backoff's own gate, as it was.
      expect(c.connect).toBe(connectBefore);
    }
  });
});
