import type { UnitType } from '@landunits/domain';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { orders } from './schema';
import { sqlList } from '../../platform/db/schema/sql-list';

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
