import type { Db } from '../../platform/db/client';
import { reconcile } from '../ledger';
import { reservationProblems } from '../orders';

/**
 * The reconciliation report (PLATFORM_CONTRACTS.reconcile): `ok` when the ledger's invariants hold
 * (sums zero, balances equal entries, no person below zero) and every reservation matches an open
 * order with no overdue work.
 */
export async function showReconciliation(db: Db, now: Date) {
  const problems = [...(await reconcile(db)), ...(await reservationProblems(db, now))];
  return { ok: problems.length === 0, problems };
}
