import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { queryRows, type Database } from './client';
import { inTransaction, isRetryableTransactionError, sqlState } from './transaction';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** An error shaped like Drizzle's: its own message, the driver's error (with the SQLSTATE) as cause. */
function wrapped(code: string): Error {
  return new Error('Failed query: update …', { cause: Object.assign(new Error('driver error'), { code }) });
}

const stateOf = async (key: string) => (await queryRows<{ value: unknown }>(database.db, sql`select value from app_state where key = ${key}`))[0]?.value;

describe('sqlState', () => {
  it('finds the SQLSTATE on the error or down its cause chain', () => {
    expect(sqlState(Object.assign(new Error('x'), { code: '40001' }))).toBe('40001');
    expect(sqlState(wrapped('40P01'))).toBe('40P01');
    expect(sqlState(new Error('a', { cause: wrapped('23505') }))).toBe('23505');
    expect(sqlState(new Error('no code'))).toBeUndefined();
    expect(sqlState(Object.assign(new Error('node'), { code: 'ECONNRESET' }))).toBeUndefined();
  });

  it('stops on a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(sqlState(a)).toBeUndefined();
  });

  it('calls only serialization failures and deadlocks retryable', () => {
    expect(isRetryableTransactionError(wrapped('40001'))).toBe(true);
    expect(isRetryableTransactionError(wrapped('40P01'))).toBe(true);
    expect(isRetryableTransactionError(wrapped('23505'))).toBe(false);
    expect(isRetryableTransactionError('40001')).toBe(false);
  });
});

describe('inTransaction', () => {
  it('retries a deadlock twice, then returns what the third attempt returns', async () => {
    let calls = 0;
    const result = await inTransaction(database.db, async () => {
      calls++;
      if (calls <= 2) throw wrapped('40P01');
      return 'done';
    });
    expect(result).toBe('done');
    expect(calls).toBe(3);
  });

  it('rolls back each failed attempt before the next', async () => {
    let calls = 0;
    await inTransaction(database.db, async (tx) => {
      calls++;
      // Would violate the primary key on the second attempt had the first one been kept.
      await tx.execute(sql`insert into app_state (key, value) values ('retry-probe', ${JSON.stringify({ calls })}::jsonb)`);
      if (calls === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    expect(calls).toBe(2);
    expect(await stateOf('retry-probe')).toEqual({ calls: 2 });
  });

  it('passes other errors through untouched, after one attempt', async () => {
    let calls = 0;
    const error = wrapped('23505');
    await expect(
      inTransaction(database.db, async () => {
        calls++;
        throw error;
      }),
    ).rejects.toBe(error);
    expect(calls).toBe(1);
  });

  it('gives up after the last retry and throws the last error', async () => {
    let calls = 0;
    const errors: Error[] = [];
    const attempt = inTransaction(
      database.db,
      async () => {
        calls++;
        const error = wrapped('40001');
        errors.push(error);
        throw error;
      },
      { retries: 2, baseDelayMs: 1 },
    );
    await expect(attempt).rejects.toSatisfy((e) => e === errors[2]);
    expect(calls).toBe(3);
  });

  it('passes the isolation level to the transaction', async () => {
    const level = await inTransaction(database.db, async (tx) => (await queryRows<{ level: string }>(tx, sql`select current_setting('transaction_isolation') as level`))[0]?.level, {
      config: { isolationLevel: 'serializable' },
    });
    expect(level).toBe('serializable');
  });

  it('is also how every db.transaction of an opened database runs: a deadlock is retried there too', async () => {
    let calls = 0;
    const result = await database.db.transaction(async () => {
      calls++;
      if (calls <= 2) throw wrapped('40P01');
      return 'done';
    });
    expect(result).toBe('done');
    expect(calls).toBe(3);
  });

  it('retries the whole transaction, not a savepoint inside it', async () => {
    let outer = 0;
    let inner = 0;
    await database.db.transaction(async (tx) => {
      outer++;
      await tx.transaction(async () => {
        inner++;
        if (outer === 1) throw wrapped('40001');
      });
    });
    expect({ outer, inner }).toEqual({ outer: 2, inner: 2 });
  });

  // Two connections are needed for a real deadlock: PostgreSQL only (the embedded database runs one
  // transaction at a time).
  it.runIf(process.env.TEST_DATABASE_URL)('survives a real deadlock between two transactions', async () => {
    await database.db.execute(sql`insert into app_state (key, value) values ('lock-a', '0'::jsonb), ('lock-b', '0'::jsonb)`);
    let arrived = 0;
    let release!: () => void;
    const bothHoldOneLock = new Promise<void>((resolve) => (release = resolve));
    const meet = async () => {
      if (++arrived === 2) release();
      await bothHoldOneLock;
    };
    const bump = (key: string) => sql`update app_state set value = to_jsonb(value::text::int + 1) where key = ${key}`;
    const attempts = { ab: 0, ba: 0 };
    const run = (first: string, second: string, name: 'ab' | 'ba') =>
      inTransaction(database.db, async (tx) => {
        attempts[name]++;
        await tx.execute(bump(first));
        if (attempts[name] === 1) await meet();
        await tx.execute(bump(second));
      });
    await Promise.all([run('lock-a', 'lock-b', 'ab'), run('lock-b', 'lock-a', 'ba')]);
    // PostgreSQL aborted one of them with 40P01; its retry went through.
    expect(attempts.ab + attempts.ba).toBe(3);
    expect(await stateOf('lock-a')).toBe(2);
    expect(await stateOf('lock-b')).toBe(2);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('survives a real deadlock between two plain db.transaction calls', async () => {
    await database.db.execute(sql`insert into app_state (key, value) values ('plain-a', '0'::jsonb), ('plain-b', '0'::jsonb)`);
    let arrived = 0;
    let release!: () => void;
    const bothHoldOneLock = new Promise<void>((resolve) => (release = resolve));
    const bump = (key: string) => sql`update app_state set value = to_jsonb(value::text::int + 1) where key = ${key}`;
    let attempts = 0;
    const run = (first: string, second: string) =>
      database.db.transaction(async (tx) => {
        const attempt = ++attempts;
        await tx.execute(bump(first));
        if (attempt <= 2 && ++arrived === 2) release();
        if (attempt <= 2) await bothHoldOneLock;
        await tx.execute(bump(second));
      });
    await Promise.all([run('plain-a', 'plain-b'), run('plain-b', 'plain-a')]);
    // At least one retry; on a busy machine the retry can meet the other transaction again before
    // it takes its second row (a second deadlock, retried too). Each row is still bumped once per side.
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect(await stateOf('plain-a')).toBe(2);
    expect(await stateOf('plain-b')).toBe(2);
  });
});
