import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { createTestDatabase } from '../../test/database';
import { balancesOf, InsufficientUnitsError, postTransfers, reconcile, systemHolder, userHolder, type AccountRef, type Transfer } from '.';

// On PostgreSQL (TEST_DATABASE_URL) these transactions really run side by side on a pool of 10
// connections; on the embedded database they queue, which must give the same answers.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const issuer: AccountRef = { holder: systemHolder('issuer'), unitType: 'LAND_USD', bucket: 'supply' };
const owned = (holder: string): AccountRef => ({ holder, unitType: 'LAND_USD', bucket: 'owned' });
const newUser = () => userHolder(randomUUID());
const balance = async (ref: AccountRef) => (await balancesOf(database.db, ref.holder))[ref.unitType][ref.bucket];

async function fund(ref: AccountRef, units: number) {
  await inTransaction(database.db, (tx) => postTransfers(tx, [{ from: issuer, to: ref, units }]));
}

/** Settles every promise and sorts the outcomes into successes, 409s and anything else. */
async function outcomes(runs: Promise<unknown>[]) {
  const settled = await Promise.allSettled(runs);
  const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  return {
    succeeded: settled.length - failures.length,
    insufficient: failures.filter((e) => e instanceof InsufficientUnitsError).length,
    other: failures.filter((e) => !(e instanceof InsufficientUnitsError)),
  };
}

describe('concurrent postings', () => {
  it('drain race: 200 one-unit transfers out of 100 units → exactly 100 succeed, 100 get 409, balance 0', async () => {
    const ada = owned(newUser());
    const bob = owned(newUser());
    await fund(ada, 100);
    const result = await outcomes(Array.from({ length: 200 }, (_, i) => inTransaction(database.db, (tx) => postTransfers(tx, [{ from: ada, to: bob, units: 1, orderId: `drain-${i}` }]))));
    expect(result.other).toEqual([]);
    expect(result.succeeded).toBe(100);
    expect(result.insufficient).toBe(100);
    expect(await balance(ada)).toBe(0n);
    expect(await balance(bob)).toBe(100n);
    expect(await reconcile(database.db)).toEqual([]);
  });

  it('postings that all create the same new account at once: it is created once and every posting lands', async () => {
    // Every transaction finds the accounts missing and creates them; exactly one insert wins.
    const ada = owned(newUser());
    const bobs = Array.from({ length: 20 }, () => owned(newUser()));
    const result = await outcomes(
      bobs.map((bob) =>
        inTransaction(database.db, (tx) =>
          postTransfers(tx, [
            { from: issuer, to: ada, units: 1 },
            { from: ada, to: bob, units: 1 },
          ]),
        ),
      ),
    );
    expect(result.other).toEqual([]);
    expect(result.succeeded).toBe(20);
    expect(await balance(ada)).toBe(0n);
    expect(await reconcile(database.db)).toEqual([]);
  });

  // With retries switched off, any deadlock would fail these: locking accounts in id order alone
  // keeps opposite transfers from waiting on each other in a cycle.
  it('two-way race: 100 A→B and 100 B→A at once all complete without a deadlock', async () => {
    const a = owned(newUser());
    const b = owned(newUser());
    await fund(a, 100);
    await fund(b, 100);
    const move = (from: AccountRef, to: AccountRef) => inTransaction(database.db, (tx) => postTransfers(tx, [{ from, to, units: 1 }]), { retries: 0 });
    const runs: Promise<unknown>[] = [];
    for (let i = 0; i < 100; i++) runs.push(move(a, b), move(b, a));
    const result = await outcomes(runs);
    expect(result.other).toEqual([]);
    expect(result.insufficient).toBe(0);
    expect(result.succeeded).toBe(200);
    expect(await balance(a)).toBe(100n);
    expect(await balance(b)).toBe(100n);
    expect(await reconcile(database.db)).toEqual([]);
  });

  it('multi-leg race: postings crossing three accounts in opposite directions all complete', async () => {
    const [a, b, c] = [owned(newUser()), owned(newUser()), owned(newUser())] as const;
    for (const ref of [a, b, c]) await fund(ref, 1_000);
    const cycle = (x: AccountRef, y: AccountRef, z: AccountRef): Transfer[] => [
      { from: x, to: y, units: 2 },
      { from: y, to: z, units: 1 },
      { from: z, to: x, units: 1 },
    ];
    const runs: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++) {
      const legs = [cycle(a, b, c), cycle(c, b, a), cycle(b, a, c)][i % 3]!;
      runs.push(inTransaction(database.db, (tx) => postTransfers(tx, legs), { retries: 0 }));
    }
    const result = await outcomes(runs);
    expect(result.other).toEqual([]);
    expect(result.succeeded).toBe(60);
    // Each cycle(x, y, z) moves one unit from x to y, net; each of the three ran 20 times.
    expect([await balance(a), await balance(b), await balance(c)]).toEqual([1_000n, 1_020n, 980n]);
    expect(await reconcile(database.db)).toEqual([]);
  });
});
