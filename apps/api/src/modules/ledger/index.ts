export { BUCKETS, UNIT_TYPES, userHolder, systemHolder, type AccountRef, type Bucket, type Holder, type UnitType } from './accounts';
export { postTransfers, InsufficientUnitsError, INSUFFICIENT_UNITS_MESSAGE, type Transfer, type PostedEntry } from './post-transfers';
export { balanceRowsQuery, balancesFromRows, balancesOf, bucketBalances, heldUnits, HELD_BUCKETS, type BalanceRow, type Balances } from './balances';
export { reconcile, type ReconcileProblem } from './reconcile';
export { transferCtes, heldBeforeDebitExpression, type TransferCte } from './transfer-statement';
export { heldPostingsQuery, heldTotalsQuery, type HeldPostingRow, type HeldTotalsRow } from './held-postings';
export { OWNED_BUCKETS, hasOwnedUnits, ownedHolderIdsQuery } from './owned-holders';
