import type { Holding, Price, UnitType } from '@landunits/domain';
import { queryRows, type Db } from '../../platform/db/client';
import { balancesOf, userHolder } from '../ledger';
import { costRowsQuery, holdingsFrom, type CostRow } from './store';

/** Every unit type's holding of a person, from stored balances and costs (two indexed reads, whatever the history). */
export async function holdingsOf(db: Db, userId: string, prices: Record<UnitType, Price>): Promise<Record<UnitType, Holding>> {
  const [balances, costs] = await Promise.all([balancesOf(db, userHolder(userId)), queryRows<CostRow>(db, costRowsQuery(userId))]);
  return holdingsFrom(balances, costs, prices);
}
