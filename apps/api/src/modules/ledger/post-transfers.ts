import { MONEY_MESSAGES } from '@landunits/domain';
import { and, asc, eq, gte, inArray, is, like, or, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { ledgerAccounts, ledgerEntries } from './schema';
import { AppError } from '../../platform/http/app-error';
import { accountKey, checkAccountRef, describeAccount, type AccountRef } from './store';

export const INSUFFICIENT_UNITS_MESSAGE = MONEY_MESSAGES.notEnoughUnits;

/** A posting would take an account that may not go below zero below zero; nothing was posted. */
export class InsufficientUnitsError extends AppError {
  constructor(
    /** The account that was short (for logs and callers; never sent to the client). */
    readonly account: AccountRef,
    readonly units: bigint,
  ) {
    super('INSUFFICIENT_UNITS', INSUFFICIENT_UNITS_MESSAGE);
    this.name = 'InsufficientUnitsError';
  }
}

/** Moves `units` from one account to another of the same unit type. */
export interface Transfer {
  from: AccountRef;
  to: AccountRef;
  units: bigint | number;
  orderId?: string | undefined;
  /**
   * The lowest balance the source may be left with. A person's account never goes below 0 (the
   * default for them); a system account has no floor unless given one here, e.g. the issuer's
   * supply, which may not go below −(units the supply cap allows).
   */
  floor?: bigint | undefined;
}

export interface PostedEntry {
  id: number;
  orderId: string | null;
  debitAccount: number;
  creditAccount: number;
  units: bigint;
  createdAt: Date;
}

interface Leg {
  from: AccountRef;
  to: AccountRef;
  units: bigint;
  orderId: string | null;
  floor: bigint | null;
}

const MAX_UNITS = BigInt(Number.MAX_SAFE_INTEGER);

function toUnits(units: bigint | number): bigint {
  if (typeof units === 'number') {
    if (!Number.isSafeInteger(units) || units <= 0) throw new RangeError(`Units must be a positive safe integer, got ${units}`);
    return BigInt(units);
  }
  if (typeof units !== 'bigint' || units <= 0n || units > MAX_UNITS) throw new RangeError(`Units must be a positive safe integer, got ${String(units)}`);
  return units;
}

/** Programming errors (a caller bug, never the user's input) are thrown before anything is written. */
function checkTransfer(transfer: Transfer): Leg {
  const units = toUnits(transfer.units);
  checkAccountRef(transfer.from);
  checkAccountRef(transfer.to);
  if (transfer.from.unitType !== transfer.to.unitType) {
    throw new RangeError(`A transfer moves one unit type (${transfer.from.unitType} → ${transfer.to.unitType}); convert through system accounts`);
  }
  if (accountKey(transfer.from) === accountKey(transfer.to)) throw new RangeError(`A transfer needs two accounts, got ${describeAccount(transfer.from)} twice`);
  if (transfer.orderId !== undefined && typeof transfer.orderId !== 'string') throw new RangeError('orderId must be a string');
  const pick = (r: AccountRef): AccountRef => ({ holder: r.holder, unitType: r.unitType, bucket: r.bucket });
  if (transfer.floor !== undefined && typeof transfer.floor !== 'bigint') throw new RangeError('floor must be a bigint');
  if (transfer.floor !== undefined && transfer.floor < 0n && !transfer.from.holder.startsWith('system:')) throw new RangeError("A person's account cannot go below zero");
  return { from: pick(transfer.from), to: pick(transfer.to), units, orderId: transfer.orderId ?? null, floor: transfer.floor ?? null };
}

const matchesAny = (refs: AccountRef[]) => or(...refs.map((r) => and(eq(ledgerAccounts.holder, r.holder), eq(ledgerAccounts.unitType, r.unitType), eq(ledgerAccounts.bucket, r.bucket))));

async function findAccounts(tx: Db, refs: AccountRef[], into: Map<string, number>): Promise<void> {
  const rows = await tx.select({ id: ledgerAccounts.id, holder: ledgerAccounts.holder, unitType: ledgerAccounts.unitType, bucket: ledgerAccounts.bucket }).from(ledgerAccounts).where(matchesAny(refs));
  for (const row of rows) into.set(accountKey(row), row.id);
}

/** The ids of the accounts, creating those that do not exist yet (in key order, so two postings never wait on each other's new rows in a cycle). */
async function accountIds(tx: Db, refs: AccountRef[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  await findAccounts(tx, refs, ids);
  const missing = refs.filter((r) => !ids.has(accountKey(r))).sort((a, b) => (accountKey(a) < accountKey(b) ? -1 : 1));
  if (missing.length > 0) {
    await tx.insert(ledgerAccounts).values(missing).onConflictDoNothing();
    await findAccounts(tx, missing, ids);
  }
  return ids;
}

function idOf(ids: Map<string, number>, ref: AccountRef): number {
  const id = ids.get(accountKey(ref));
  if (id === undefined) throw new Error(`Ledger account ${describeAccount(ref)} was not created`);
  return id;
}

/**
 * Takes `units` out of an account, unless that would leave it below its floor (a person's: 0; a
 * system account's: `floor`, or none): then nothing changes.
 */
async function debit(tx: Db, id: number, units: bigint, floor: bigint | null): Promise<boolean> {
  const guard =
    floor === null
      ? or(like(ledgerAccounts.holder, 'system:%'), gte(ledgerAccounts.balance, units))
      : and(gte(ledgerAccounts.balance, sql`${(units + floor).toString()}::bigint`), or(like(ledgerAccounts.holder, 'system:%'), gte(ledgerAccounts.balance, units)));
  const rows = await tx
    .update(ledgerAccounts)
    .set({ balance: sql`${ledgerAccounts.balance} - ${units.toString()}::bigint` })
    .where(and(eq(ledgerAccounts.id, id), guard))
    .returning({ id: ledgerAccounts.id });
  return rows.length === 1;
}

async function credit(tx: Db, id: number, units: bigint): Promise<void> {
  await tx
    .update(ledgerAccounts)
    .set({ balance: sql`${ledgerAccounts.balance} + ${units.toString()}::bigint` })
    .where(eq(ledgerAccounts.id, id));
}

/**
 * Posts transfers inside the caller's transaction: each debits its source (balance down by
 * `units`) and credits its destination (balance up by `units`) of the same unit type, and writes one
 * entry. Balances change only through guarded updates, never read-then-write: a person's account
 * that holds too few units throws InsufficientUnitsError (409) and no leg of the posting is kept
 * (it runs in a savepoint, so this holds even if the caller catches the error and commits). Accounts are locked in id order so concurrent
 * postings do not deadlock each other; run the transaction with `inTransaction` to retry the rare
 * deadlock or serialization failure that remains.
 */
export async function postTransfers(tx: Db, transfers: readonly Transfer[]): Promise<PostedEntry[]> {
  // Outside a transaction each statement would commit on its own and a short leg could not undo the others.
  if (!is(tx, PgTransaction)) throw new TypeError('postTransfers runs inside a transaction: pass the `tx` of inTransaction');
  const legs = transfers.map(checkTransfer);
  if (legs.length === 0) return [];

  // A savepoint makes the posting atomic on its own: a caller that catches InsufficientUnitsError
  // and goes on to commit keeps none of its legs.
  return tx.transaction(async (sp) => {
    const refs = new Map<string, AccountRef>();
    for (const leg of legs) {
      refs.set(accountKey(leg.from), leg.from);
      refs.set(accountKey(leg.to), leg.to);
    }
    const ids = await accountIds(sp, [...refs.values()]);

    if (legs.length > 1) {
      // Several legs: lock every account up front, in id order (the sort sits below the row locks).
      await sp
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, [...ids.values()]))
        .orderBy(asc(ledgerAccounts.id))
        .for('no key update');
    }

    const entries: (typeof ledgerEntries.$inferInsert)[] = [];
    for (const leg of legs) {
      const from = idOf(ids, leg.from);
      const to = idOf(ids, leg.to);
      // One leg: touch its two accounts in id order. The order within a leg does not matter for
      // correctness: a short debit rolls the savepoint back, credit included.
      const steps = from < to ? (['debit', 'credit'] as const) : (['credit', 'debit'] as const);
      for (const step of steps) {
        if (step === 'credit') await credit(sp, to, leg.units);
        else if (!(await debit(sp, from, leg.units, leg.floor))) throw new InsufficientUnitsError(leg.from, leg.units);
      }
      entries.push({ orderId: leg.orderId, debitAccount: from, creditAccount: to, units: leg.units });
    }
    return sp.insert(ledgerEntries).values(entries).returning();
  });
}
