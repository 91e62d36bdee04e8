import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../platform/db/client';
import { inTransaction, sqlState } from '../../platform/db/transaction';
import { createTestDatabase } from '../../test/database';
import { BUCKETS, balancesOf, InsufficientUnitsError, postTransfers, reconcile, systemHolder, UNIT_TYPES, userHolder, type AccountRef, type Transfer } from '.';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
// Whatever a test does, the ledger it leaves behind is sound.
afterEach(async () => {
  expect(await reconcile(database.db)).toEqual([]);
});

const issuer: AccountRef = { holder: systemHolder('issuer'), unitType: 'LAND_POUND', bucket: 'supply' };
const owned = (holder: string, unitType: AccountRef['unitType'] = 'LAND_POUND'): AccountRef => ({ holder, unitType, bucket: 'owned' });
const newUser = () => userHolder(randomUUID());
const post = (transfers: Transfer[]) => inTransaction(database.db, (tx) => postTransfers(tx, transfers));

async function balance(ref: AccountRef): Promise<bigint> {
  const balances = await balancesOf(database.db, ref.holder);
  return balances[ref.unitType][ref.bucket] ?? 0n;
}

async function entriesOf(holder: string) {
  return queryRows<{ order_id: string | null; debit: string; credit: string; units: string }>(
    database.db,
    sql`select e.order_id, d.holder || ' ' || d.bucket as debit, c.holder || ' ' || c.bucket as credit, e.units::text as units
        from ledger_entries e join ledger_accounts d on d.id = e.debit_account join ledger_accounts c on c.id = e.credit_account
        where d.holder = ${holder} or c.holder = ${holder} order by e.id`,
  );
}

/** Runs a raw statement and returns the SQLSTATE it fails with. */
async function failureOf(statement: ReturnType<typeof sql>): Promise<string | undefined> {
  try {
    await database.db.execute(statement);
  } catch (error) {
    return sqlState(error);
  }
  throw new Error('the statement succeeded');
}

describe('postTransfers', () => {
  it('moves units and writes one entry per transfer', async () => {
    const ada = newUser();
    const bob = newUser();
    const entries = await post([
      { from: issuer, to: owned(ada), units: 100, orderId: 'order-1' },
      { from: owned(ada), to: owned(bob), units: 30n, orderId: 'order-1' },
    ]);
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.units)).toEqual([100n, 30n]);
    expect(await balance(owned(ada))).toBe(70n);
    expect(await balance(owned(bob))).toBe(30n);
    expect(await entriesOf(ada)).toEqual([
      { order_id: 'order-1', debit: 'system:issuer supply', credit: `${ada} owned`, units: '100' },
      { order_id: 'order-1', debit: `${ada} owned`, credit: `${bob} owned`, units: '30' },
    ]);
  });

  it('moves units between buckets of one holder', async () => {
    const ada = newUser();
    await post([{ from: issuer, to: owned(ada), units: 10 }]);
    await post([{ from: owned(ada), to: { holder: ada, unitType: 'LAND_POUND', bucket: 'pendingSell' }, units: 4 }]);
    const balances = await balancesOf(database.db, ada);
    expect(balances.LAND_POUND).toMatchObject({ owned: 6n, pendingSell: 4n });
  });

  it('refuses to take a person below zero, with a 409 and nothing changed', async () => {
    const ada = newUser();
    const bob = newUser();
    await post([{ from: issuer, to: owned(ada), units: 5 }]);
    const attempt = post([{ from: owned(ada), to: owned(bob), units: 6 }]);
    await expect(attempt).rejects.toBeInstanceOf(InsufficientUnitsError);
    await expect(attempt).rejects.toMatchObject({ status: 409, code: 'INSUFFICIENT_UNITS', message: 'Not enough units available.' });
    expect(await balance(owned(ada))).toBe(5n);
    expect(await entriesOf(bob)).toEqual([]);
  });

  it('is all or nothing: a short second leg rolls back the first', async () => {
    const ada = newUser();
    const bob = newUser();
    const cy = newUser();
    await post([{ from: issuer, to: owned(ada), units: 10 }]);
    const before = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ledger_entries`);
    await expect(
      post([
        { from: owned(ada), to: owned(bob), units: 10 },
        { from: owned(cy), to: owned(bob), units: 1 },
      ]),
    ).rejects.toBeInstanceOf(InsufficientUnitsError);
    expect(await balance(owned(ada))).toBe(10n);
    expect(await balance(owned(bob))).toBe(0n);
    const after = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ledger_entries`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('keeps no leg of a refused posting even when the caller catches the 409 and commits', async () => {
    const ada = newUser();
    const bob = newUser();
    await post([{ from: issuer, to: owned(ada), units: 10 }]);
    const outcome = await inTransaction(database.db, async (tx) => {
      // The first leg moves 4 units before the second is found short.
      const refused = await postTransfers(tx, [
        { from: owned(ada), to: owned(bob), units: 4 },
        { from: owned(ada), to: owned(bob), units: 7 },
      ]).catch((e: unknown) => e);
      await postTransfers(tx, [{ from: owned(ada), to: owned(bob), units: 1 }]);
      return refused;
    });
    expect(outcome).toBeInstanceOf(InsufficientUnitsError);
    expect(await balance(owned(ada))).toBe(9n);
    expect(await balance(owned(bob))).toBe(1n);
    expect(await entriesOf(bob)).toHaveLength(1);
  });

  it('applies legs in order: units received by an earlier leg can leave in a later one', async () => {
    const ada = newUser();
    const bob = newUser();
    await post([
      { from: issuer, to: owned(ada), units: 3 },
      { from: owned(ada), to: owned(bob), units: 3 },
    ]);
    expect(await balance(owned(bob))).toBe(3n);
  });

  it('lets system accounts go below zero', async () => {
    const fees = { holder: systemHolder('fees'), unitType: 'LAND_EUR', bucket: 'collected' } as const;
    await post([{ from: fees, to: owned(newUser(), 'LAND_EUR'), units: 7 }]);
    expect((await balancesOf(database.db, fees.holder)).LAND_EUR).toEqual({ collected: -7n });
  });

  it('refuses to run outside a transaction, where a short leg could not undo the others', async () => {
    await expect(postTransfers(database.db, [{ from: issuer, to: owned(newUser()), units: 1 }])).rejects.toBeInstanceOf(TypeError);
  });

  it('accepts an empty posting and writes nothing', async () => {
    await expect(inTransaction(database.db, (tx) => postTransfers(tx, []))).resolves.toEqual([]);
  });

  it.each<[string, Partial<Transfer>]>([
    ['zero units', { units: 0 }],
    ['negative units', { units: -1 }],
    ['fractional units', { units: 1.5 }],
    ['NaN units', { units: Number.NaN }],
    ['units past 2^53', { units: 2 ** 53 + 2 }],
    ['bigint units past 2^53', { units: 2n ** 53n }],
    ['a mix of unit types', { to: owned(userHolder(randomUUID()), 'LAND_USD') }],
    ['one account twice', { to: issuer }],
    ['an unknown unit type', { to: { holder: newUser(), unitType: 'LAND_YEN' as 'LAND_USD', bucket: 'owned' } }],
    ['an unknown bucket for a person', { to: { holder: newUser(), unitType: 'LAND_POUND', bucket: 'supply' } }],
    ['a malformed holder', { to: { holder: 'user:alice', unitType: 'LAND_POUND', bucket: 'owned' } }],
  ])('throws a programming error for %s, before writing anything', async (_name, change) => {
    const transfer: Transfer = { from: issuer, to: owned(newUser()), units: 1, ...change };
    const before = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ledger_accounts`);
    await expect(post([transfer])).rejects.toBeInstanceOf(RangeError);
    const after = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ledger_accounts`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('balancesOf', () => {
  it('gives a person every unit type and bucket, 0 where nothing happened', async () => {
    const ada = newUser();
    await post([{ from: { ...issuer, unitType: 'LAND_AUD' }, to: { holder: ada, unitType: 'LAND_AUD', bucket: 'bonusLocked' }, units: 9 }]);
    const balances = await balancesOf(database.db, ada);
    expect(Object.keys(balances)).toEqual([...UNIT_TYPES]);
    for (const unitType of UNIT_TYPES) expect(Object.keys(balances[unitType])).toEqual([...BUCKETS]);
    expect(balances.LAND_AUD.bonusLocked).toBe(9n);
    expect(balances.LAND_USD.owned).toBe(0n);
  });

  it('refuses a malformed holder', async () => {
    await expect(balancesOf(database.db, "user:' or 1=1 --")).rejects.toBeInstanceOf(RangeError);
  });
});

describe('holders', () => {
  it('names people by user id and system accounts by name', () => {
    const id = randomUUID();
    expect(userHolder(id.toUpperCase())).toBe(`user:${id}`);
    expect(systemHolder('payouts')).toBe('system:payouts');
    expect(() => userHolder('nope')).toThrow(RangeError);
    expect(() => systemHolder('Issuer!')).toThrow(RangeError);
  });
});

describe('database guards', () => {
  it('keeps ledger entries append-only: no update, delete or truncate', async () => {
    await post([{ from: issuer, to: owned(newUser()), units: 1 }]);
    expect(await failureOf(sql`update ledger_entries set units = units + 1`)).toBe('23001');
    expect(await failureOf(sql`delete from ledger_entries`)).toBe('23001');
    expect(await failureOf(sql`truncate ledger_entries`)).toBe('23001');
    const refused = await database.db.execute(sql`update ledger_entries set order_id = 'x'`).catch((e: Error) => e);
    expect((refused as Error).cause).toMatchObject({ message: 'UPDATE on ledger_entries is not allowed: the ledger is append-only' });
  });

  it('never lets an account change identity or disappear', async () => {
    const ada = newUser();
    await post([{ from: issuer, to: owned(ada), units: 1 }]);
    expect(await failureOf(sql`update ledger_accounts set holder = ${newUser()} where holder = ${ada}`)).toBe('23001');
    expect(await failureOf(sql`update ledger_accounts set bucket = 'pendingSell' where holder = ${ada}`)).toBe('23001');
    expect(await failureOf(sql`delete from ledger_accounts where holder = ${ada}`)).toBe('23001');
  });

  it('refuses a negative balance on a person’s account, even from a raw update', async () => {
    const ada = newUser();
    await post([{ from: issuer, to: owned(ada), units: 2 }]);
    expect(await failureOf(sql`update ledger_accounts set balance = -1 where holder = ${ada}`)).toBe('23514');
    expect(await failureOf(sql`insert into ledger_accounts (holder, unit_type, bucket, balance) values (${newUser()}, 'LAND_USD', 'owned', -5)`)).toBe('23514');
    expect(await balance(owned(ada))).toBe(2n);
  });

  it('refuses entries of zero units or from an account to itself', async () => {
    const ada = newUser();
    await post([{ from: issuer, to: owned(ada), units: 2 }]);
    const [row] = await queryRows<{ id: string }>(database.db, sql`select id::text from ledger_accounts where holder = ${ada}`);
    expect(await failureOf(sql`insert into ledger_entries (debit_account, credit_account, units) values (${row!.id}, ${row!.id}, 1)`)).toBe('23514');
    expect(await failureOf(sql`insert into ledger_entries (debit_account, credit_account, units) values (1, ${row!.id}, 0)`)).toBe('23514');
  });

  it('refuses unknown unit types, person buckets and malformed holders', async () => {
    const insert = (holder: string, unitType: string, bucket: string) => failureOf(sql`insert into ledger_accounts (holder, unit_type, bucket) values (${holder}, ${unitType}, ${bucket})`);
    expect(await insert(newUser(), 'LAND_YEN', 'owned')).toBe('23514');
    expect(await insert(newUser(), 'LAND_USD', 'supply')).toBe('23514');
    expect(await insert('alice', 'LAND_USD', 'owned')).toBe('23514');
  });
});

describe('reconcile', () => {
  it('is clean on a sound ledger', async () => {
    expect(await reconcile(database.db)).toEqual([]);
  });

  it('reports a tampered balance: the account disagrees with its entries and its unit type no longer sums to zero', async () => {
    const ada = newUser();
    await post([{ from: issuer, to: owned(ada), units: 50 }]);
    const [account] = await queryRows<{ id: string }>(database.db, sql`select id::text from ledger_accounts where holder = ${ada}`);
    await database.db.execute(sql`update ledger_accounts set balance = balance + 5 where holder = ${ada}`);
    try {
      const problems = await reconcile(database.db);
      expect(problems).toEqual([
        { kind: 'UNIT_TYPE_NOT_BALANCED', unitType: 'LAND_POUND', sum: '5', message: 'LAND_POUND balances sum to 5, not 0.' },
        {
          kind: 'BALANCE_MISMATCH',
          accountId: Number(account!.id),
          holder: ada,
          unitType: 'LAND_POUND',
          bucket: 'owned',
          balance: '55',
          fromEntries: '50',
          message: `Account ${account!.id} (${ada} LAND_POUND owned) holds 55 but its entries add up to 50.`,
        },
      ]);
    } finally {
      await database.db.execute(sql`update ledger_accounts set balance = balance - 5 where holder = ${ada}`);
    }
  });

  it('reports a balance set without entries, on an account that has none', async () => {
    const holder = newUser();
    await database.db.execute(sql`insert into ledger_accounts (holder, unit_type, bucket, balance) values (${holder}, 'LAND_USD', 'owned', 3)`);
    try {
      const problems = await reconcile(database.db);
      expect(problems.map((p) => p.kind)).toEqual(['UNIT_TYPE_NOT_BALANCED', 'BALANCE_MISMATCH']);
      expect(problems[1]).toMatchObject({ holder, balance: '3', fromEntries: '0' });
    } finally {
      await database.db.execute(sql`update ledger_accounts set balance = 0 where holder = ${holder}`);
    }
  });

  it('reports a person below zero if the constraint were ever lifted', async () => {
    const holder = newUser();
    // Dropping the constraint inside a transaction that is rolled back leaves the schema as it was.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`alter table ledger_accounts drop constraint ledger_accounts_user_balance_check`);
        await postTransfers(tx, [{ from: issuer, to: owned(holder), units: 1 }]);
        await tx.execute(sql`update ledger_accounts set balance = -1 where holder = ${holder}`);
        await tx.execute(sql`update ledger_accounts set balance = balance + 2 where holder = ${issuer.holder} and unit_type = 'LAND_POUND' and bucket = 'supply'`);
        const problems = await reconcile(tx);
        expect(problems.map((p) => p.kind)).toEqual(['BALANCE_MISMATCH', 'BALANCE_MISMATCH', 'NEGATIVE_USER_BALANCE']);
        expect(problems[2]).toMatchObject({ holder, balance: '-1' });
        tx.rollback();
      }),
    ).rejects.toThrow(/Rollback/);
    expect(await failureOf(sql`update ledger_accounts set balance = -1 where holder like 'user:%'`)).toBe('23514');
  });
});
