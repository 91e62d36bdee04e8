export {
  BUCKETS,
  UNIT_TYPES,
  userHolder,
  systemHolder,
  type AccountRef,
  type Bucket,
  type Holder,
  type UnitType,
  balanceRowsQuery,
  balancesFromRows,
  balancesOf,
  bucketBalances,
  heldUnits,
  HELD_BUCKETS,
  type BalanceRow,
  type Balances,
} from './store';
export { postTransfers, InsufficientUnitsError, INSUFFICIENT_UNITS_MESSAGE, type Transfer, type PostedEntry } from './post-transfers';
export { reconcile, type ReconcileProblem } from './reconcile-ledger';
export { transferCtes, heldBeforeDebitExpression, type TransferCte } from './post-transfer-ctes';
export { heldDailyChangesQuery, heldPostingsQuery, heldTotalsQuery, type HeldDailyChangeRow, type HeldPostingRow, type HeldTotalsRow } from './list-held-postings';
export { OWNED_BUCKETS, hasOwnedUnits, ownedHolderIdsQuery } from './find-owned-holders';
