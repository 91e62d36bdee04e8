import { CURRENCIES, currencyOf, purchaseLimitInCents, UNAPPROVED_BUY_STATUSES, type Currency, type MoneySettings, type UnitType } from '@landunits/domain';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client';
import { sqlList } from '../../platform/db/schema/sql-list';
import { orders } from './schema';

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
