import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { createTestDatabase } from '../../test/database';
import { balancesOf, InsufficientUnitsError, postTransfers, reconcile, systemHolder, userHolder, type AccountRef, type Transfer, type UnitType } from '.';

/**
 * Model-based test: random postings (one to three legs) between a few people's buckets and the
 * issuer, run against the real ledger and against a map of balances. After every step the stored
 * balances equal the model's, nobody is below zero and reconcile() is clean. On failure fast-check
 * prints the seed and path that replay the shrunk sequence (`fc.assert(…, { seed, path })`).
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const UNIT_TYPES_USED: UnitType[] = ['LAND_POUND', 'LAND_EUR'];
const USER_BUCKETS_USED = ['owned', 'pendingSell'] as const;
const PEOPLE = 3;

/** The accounts of one run: fresh holders, so runs (and shrinks) never see each other's balances. */
interface World {
  people: string[];
  issuer: string;
  /** Per unit type: the issuer's supply first, then every person × bucket. */
  accounts: Record<UnitType, AccountRef[]>;
}

let runs = 0;
function newWorld(): World {
  const people = Array.from({ length: PEOPLE }, () => userHolder(randomUUID()));
  const issuer = systemHolder(`issuer-${++runs}`);
  const accounts = {} as Record<UnitType, AccountRef[]>;
  for (const unitType of UNIT_TYPES_USED) {
    accounts[unitType] = [{ holder: issuer, unitType, bucket: 'supply' }, ...people.flatMap((holder) => USER_BUCKETS_USED.map((bucket) => ({ holder, unitType, bucket })))];
  }
  return { people, issuer, accounts };
}

type Model = { balances: Map<string, bigint> };
const key = (ref: AccountRef) => `${ref.holder}/${ref.unitType}/${ref.bucket}`;
const ACCOUNTS_PER_TYPE = 1 + PEOPLE * USER_BUCKETS_USED.length;

interface LegSpec {
  from: number;
  to: number;
  units: number;
}

/** What the ledger should do: legs in order, a person's account may not go below zero. */
function simulate(model: Model, transfers: Transfer[]): Map<string, bigint> | undefined {
  const next = new Map(model.balances);
  for (const t of transfers) {
    const from = next.get(key(t.from)) ?? 0n;
    const units = BigInt(t.units);
    if (t.from.holder.startsWith('user:') && from < units) return undefined;
    next.set(key(t.from), from - units);
    next.set(key(t.to), (next.get(key(t.to)) ?? 0n) + units);
  }
  return next;
}

class PostCommand implements fc.AsyncCommand<Model, World> {
  constructor(
    readonly unitType: UnitType,
    readonly legs: LegSpec[],
  ) {}

  check = () => true;

  async run(model: Model, world: World): Promise<void> {
    const accounts = world.accounts[this.unitType];
    const transfers: Transfer[] = this.legs.map((leg) => ({ from: accounts[leg.from]!, to: accounts[leg.to]!, units: leg.units }));
    const expected = simulate(model, transfers);
    const attempt = inTransaction(database.db, (tx) => postTransfers(tx, transfers));
    if (expected) {
      expect(await attempt).toHaveLength(transfers.length);
      model.balances = expected;
    } else {
      await expect(attempt).rejects.toBeInstanceOf(InsufficientUnitsError);
    }
    await checkInvariants(model, world);
  }

  toString(): string {
    return `post ${this.unitType} ${this.legs.map((l) => `${l.from}→${l.to}:${l.units}`).join(', ')}`;
  }
}

async function checkInvariants(model: Model, world: World): Promise<void> {
  for (const holder of [world.issuer, ...world.people]) {
    const balances = await balancesOf(database.db, holder);
    for (const unitType of UNIT_TYPES_USED) {
      for (const ref of world.accounts[unitType].filter((a) => a.holder === holder)) {
        const stored = balances[unitType][ref.bucket] ?? 0n;
        expect(stored, key(ref)).toBe(model.balances.get(key(ref)) ?? 0n);
        if (holder.startsWith('user:')) expect(stored).toBeGreaterThanOrEqual(0n);
      }
    }
  }
  expect(await reconcile(database.db)).toEqual([]);
}

const legArb: fc.Arbitrary<LegSpec> = fc
  .record({
    from: fc.nat({ max: ACCOUNTS_PER_TYPE - 1 }),
    to: fc.nat({ max: ACCOUNTS_PER_TYPE - 2 }),
    // Mostly small amounts, so balances run out often and refusals are exercised.
    units: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 40 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_000 }) }),
  })
  // `to` skips `from`, so every leg joins two different accounts.
  .map(({ from, to, units }) => ({ from, to: to >= from ? to + 1 : to, units }));

const commandArbs = [
  fc.tuple(fc.constantFrom(...UNIT_TYPES_USED), fc.array(legArb, { minLength: 1, maxLength: 3 })).map(([unitType, legs]) => new PostCommand(unitType, legs)),
  // Issuing to someone, so there is something to move around.
  fc
    .tuple(fc.constantFrom(...UNIT_TYPES_USED), fc.integer({ min: 1, max: ACCOUNTS_PER_TYPE - 1 }), fc.integer({ min: 1, max: 100 }))
    .map(([unitType, to, units]) => new PostCommand(unitType, [{ from: 0, to, units }])),
];

describe('ledger model', () => {
  it('matches a map of balances after every step of random postings, and stays reconciled', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commandArbs, { maxCommands: 25 }), async (commands) => {
        await fc.asyncModelRun(() => ({ model: { balances: new Map() }, real: newWorld() }), commands);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
