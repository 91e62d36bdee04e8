import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client';
import { ledgerAccounts } from './schema';
import { userHolder } from './store';

/**
 * Who holds Units outright: a positive balance in `owned` or `owned_DOUBLE_LAND` of any unit
 * type. Pending buys, queued transfers, pending sells and locked conversions or bonuses do not
 * count (governance: one vote per holder of at least one owned Unit, decision 0027).
 */
export const OWNED_BUCKETS = ['owned', 'owned_DOUBLE_LAND'] as const;

/** True when the person holds at least one owned Unit. */
export async function hasOwnedUnits(db: Db, userId: string): Promise<boolean> {
  const holder = userHolder(userId);
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from ${ledgerAccounts} where ${ledgerAccounts.holder} = ${holder} and ${ledgerAccounts.bucket} in ('owned', 'owned_DOUBLE_LAND') and ${ledgerAccounts.balance} > 0 limit 1`,
  );
  return rows.length > 0;
}

/** A query of the user ids (uuid) of every holder of an owned Unit, for use as a subquery. */
export function ownedHolderIdsQuery(): SQL {
  return sql`select distinct substr(${ledgerAccounts.holder}, 6)::uuid as user_id from ${ledgerAccounts}
    where ${ledgerAccounts.holder} like 'user:%' and ${ledgerAccounts.bucket} in ('owned', 'owned_DOUBLE_LAND') and ${ledgerAccounts.balance} > 0`;
}
