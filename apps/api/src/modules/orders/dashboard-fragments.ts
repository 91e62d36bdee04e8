import {
  CURRENCIES,
  currencyOf,
  doubleLandUnlockState,
  MONEY_MESSAGES,
  purchaseLimitInCents,
  UNAPPROVED_BUY_STATUSES,
  UNIT_TYPES,
  type Currency,
  type MoneySettings,
  type UnitType,
} from '@landunits/domain';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client';
import { sqlList } from '../../platform/db/schema/sql-list';
import { orders } from './schema';

/**
 * The dashboard bundle's parts of the orders (GET /api/user): each a `…Query` the bundle's one
 * statement reads as a subquery, with its row type and the `…From(rows)` that shapes it, and the
 * reads the order use-cases make of the same rows.
 */

/* ---------------- purchase limits ---------------- */

/** Cents of a person's buys not yet Approved/Completed/Failed/Cancelled/Expired, per currency. */
export async function unapprovedBuysInCents(db: Db, userId: string): Promise<Record<Currency, bigint>> {
  return unapprovedBuysFrom(await queryRows<UnapprovedBuyRow>(db, unapprovedBuyRowsQuery(userId)));
}

/** A person's unapproved buys summed per unit type (cents as text), for unapprovedBuysFrom. */
export interface UnapprovedBuyRow {
  unitType: UnitType;
  cents: string;
}

/**
 * The fixed conditions are written into the SQL (not bound): a prepared statement's generic plan
 * can then still use the partial index orders_user_unapproved_buys_idx.
 */
export function unapprovedBuyRowsQuery(userId: string | Placeholder): SQL {
  return sql`select ${orders.unitType} as "unitType", coalesce(sum(${orders.amountCents}), 0)::text as "cents" from ${orders}
    where ${orders.userId} = ${userId} and ${orders.orderType} = 'BUY' and ${orders.orderStatus} in (${sqlList(UNAPPROVED_BUY_STATUSES)})
    group by ${orders.unitType}`;
}

export function unapprovedBuysFrom(rows: readonly UnapprovedBuyRow[]): Record<Currency, bigint> {
  const used = Object.fromEntries(CURRENCIES.map((c) => [c, 0n])) as Record<Currency, bigint>;
  for (const row of rows) used[currencyOf(row.unitType)] += BigInt(row.cents);
  return used;
}

export interface LimitProfile {
  userType: 'USER' | 'BUSINESS';
  profileVerificationStatus: string;
}

/**
 * The purchase limit of a person in cents of one currency: the admin's override of that currency
 * (users module, `purchase_limit_overrides`) when there is one, the tier's limit otherwise.
 */
export function purchaseLimitOf(user: LimitProfile, settings: MoneySettings, overrideInCents: number | null = null): bigint {
  return purchaseLimitInCents({ userType: user.userType, profileApproved: user.profileVerificationStatus === 'Approved', overrideInCents }, settings);
}

/* ---------------- locked bonus Units ---------------- */

/**
 * The dashboard's locked bonus Units (SPEC §3 "locked bonus items", PRODUCT-DECISIONS §4): the
 * bonus Units of a person's BONUS-code buys, grouped as the bundle has them. Read by a subquery of
 * the bundle's statement on the partial index orders_user_bonus_idx (a person's buys with bonus
 * Units), however long their history.
 *
 * A read model of what the orders module writes in
 * `details.buy` (referenceCode, bonusUnlockAt once approved, bonusUnlockedAt once unlocked).
 */

export interface LockedBonusItem {
  orderId: string;
  code: string | null;
  /** When the Units unlock (ISO); null while the buy is not approved yet. */
  unlockDate: string | null;
  lockedUnits: number;
  /** The buy's unit type: the bonus Units are of the same type. */
  unitType: UnitType;
}

export interface LockedBonuses {
  /** Approved (or completed) buys whose bonus Units are still locked. */
  LockedBonusApproved: LockedBonusItem[];
  /** Buys not approved yet: their bonus Units come with the approval. */
  PaymentSent: LockedBonusItem[];
}

const APPROVED = ['Approved', 'Completed'] as const;
const NOT_APPROVED_YET = ['Initiated', 'InProcess', 'PaymentSent', 'PaymentSent_FromUserCrypto'] as const;
const isApproved = (status: string) => (APPROVED as readonly string[]).includes(status);

/** A person's buys with bonus Units as rows, for lockedBonusesFrom. */
export interface LockedBonusRow {
  orderId: string;
  status: string;
  unitType: UnitType;
  units: string | null;
  code: string | null;
  unlockAt: string | null;
  unlockedAt: string | null;
  /** When the buy was placed: the rows' order (LOCKED_BONUS_ROW_ORDER). */
  createdAt: string;
}

/** The order the rows are read in (oldest buy first), by their aliases. */
export const LOCKED_BONUS_ROW_ORDER = ['createdAt', 'orderId'] as const;

export function lockedBonusRowsQuery(userId: string | Placeholder): SQL {
  const buy = sql`${orders.details} -> 'buy'`;
  return sql`select ${orders.id} as "orderId", ${orders.orderStatus} as "status", ${orders.unitType} as "unitType",
      ${orders.bonusUnits}::text as "units", ${buy} ->> 'referenceCode' as "code",
      ${buy} ->> 'bonusUnlockAt' as "unlockAt", ${buy} ->> 'bonusUnlockedAt' as "unlockedAt", ${orders.createdAt} as "createdAt"
    from ${orders}
    where ${orders.userId} = ${userId} and ${orders.bonusUnits} is not null and ${orders.orderStatus} in (${sqlList([...APPROVED, ...NOT_APPROVED_YET])})
    order by ${orders.createdAt}, ${orders.id}`;
}

/** Rows in LOCKED_BONUS_ROW_ORDER. */
export function lockedBonusesFrom(rows: readonly LockedBonusRow[]): LockedBonuses {
  const result: LockedBonuses = { LockedBonusApproved: [], PaymentSent: [] };
  for (const row of rows) {
    const lockedUnits = Number(row.units ?? 0);
    if (lockedUnits <= 0) continue;
    const item = { orderId: row.orderId, code: row.code, lockedUnits, unitType: row.unitType };
    if (isApproved(row.status)) {
      if (row.unlockAt && !row.unlockedAt) result.LockedBonusApproved.push({ ...item, unlockDate: new Date(row.unlockAt).toISOString() });
    } else {
      result.PaymentSent.push({ ...item, unlockDate: null });
    }
  }
  // The soonest unlock first.
  result.LockedBonusApproved.sort((a, b) => (a.unlockDate ?? '').localeCompare(b.unlockDate ?? ''));
  return result;
}

/* ---------------- LU2X Units ---------------- */

/**
 * A person's LU2X Units (PRODUCT-DECISIONS §4): per unit type, how many are still locked in
 * `owned_DOUBLE_LAND`, and when and how many unlock next. Read from their paid LU2X buys
 * (index orders_user_double_land_idx); the due-orders job does the unlocking itself.
 */
export interface DoubleLandStatus {
  lockedUnits: number;
  /** The next tranche's start (00:00 UTC, 1st of a month), ISO; null when nothing is locked. */
  nextUnlockAt: string | null;
  /** Units that unlock then (over every purchase unlocking at that moment). */
  nextUnlockUnits: number;
}

const EMPTY: DoubleLandStatus = { lockedUnits: 0, nextUnlockAt: null, nextUnlockUnits: 0 };

export async function doubleLandStatusOf(db: Db, userId: string, now: Date): Promise<Record<UnitType, DoubleLandStatus>> {
  return doubleLandStatusFrom(await queryRows<DoubleLandRow>(db, doubleLandRowsQuery(userId)), now);
}

/** A person's paid LU2X buys as rows, for doubleLandStatusFrom. */
export interface DoubleLandRow {
  unitType: UnitType;
  units: string;
  /** When the buy was paid (ISO), from the order's details; null on a damaged row. */
  purchasedAt: string | null;
}

/** Fixed conditions written into the SQL: a generic plan still uses orders_user_double_land_idx. */
export function doubleLandRowsQuery(userId: string | Placeholder): SQL {
  return sql`select ${orders.unitType} as "unitType", ${orders.numberOfUnits}::text as "units", ${orders.details} -> 'doubleLand' ->> 'purchasedAt' as "purchasedAt"
    from ${orders} where ${orders.userId} = ${userId} and ${orders.isDoubleLand} and ${orders.orderStatus} in ('Approved', 'Completed')`;
}

export function doubleLandStatusFrom(rows: readonly DoubleLandRow[], now: Date): Record<UnitType, DoubleLandStatus> {
  const status = Object.fromEntries(UNIT_TYPES.map((t) => [t, { ...EMPTY }])) as Record<UnitType, DoubleLandStatus>;
  const tranches = new Map<UnitType, Map<number, number>>();
  for (const row of rows) {
    if (!row.purchasedAt) continue;
    const purchase = { units: BigInt(row.units), purchasedAt: new Date(row.purchasedAt) };
    const state = doubleLandUnlockState(purchase, now);
    status[row.unitType].lockedUnits += Number(state.lockedUnits);
    if (!state.nextUnlockAt) continue;
    const after = doubleLandUnlockState(purchase, state.nextUnlockAt);
    const byDate = tranches.get(row.unitType) ?? new Map<number, number>();
    byDate.set(state.nextUnlockAt.getTime(), (byDate.get(state.nextUnlockAt.getTime()) ?? 0) + Number(after.unlockedUnits - state.unlockedUnits));
    tranches.set(row.unitType, byDate);
  }
  for (const [unitType, byDate] of tranches) {
    const first = Math.min(...byDate.keys());
    status[unitType].nextUnlockAt = new Date(first).toISOString();
    status[unitType].nextUnlockUnits = byDate.get(first) ?? 0;
  }
  return status;
}

/**
 * The message for a sale or transfer of more Units than are free while LU2X Units are locked
 * (null when none are): how many can move now and when more unlock.
 */
export async function lockedDoubleLandMessage(db: Db, userId: string, unitType: UnitType, ownedUnits: bigint, now: Date): Promise<string | null> {
  const status = (await doubleLandStatusOf(db, userId, now))[unitType];
  if (status.lockedUnits === 0 || !status.nextUnlockAt) return null;
  return MONEY_MESSAGES.doubleLandLocked(ownedUnits, status.nextUnlockUnits, status.nextUnlockAt);
}
