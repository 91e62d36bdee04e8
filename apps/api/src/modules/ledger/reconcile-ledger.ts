import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client';

interface AccountFacts {
  accountId: number;
  holder: string;
  unitType: string;
  bucket: string;
  /** Stored balance, as a decimal string (exact). */
  balance: string;
}

/** Something the ledger's invariants forbid. Amounts are decimal strings, exact and JSON-safe. */
export type ReconcileProblem =
  | { kind: 'UNIT_TYPE_NOT_BALANCED'; message: string; unitType: string; sum: string }
  | ({ kind: 'BALANCE_MISMATCH'; message: string; fromEntries: string } & AccountFacts)
  | ({ kind: 'NEGATIVE_USER_BALANCE'; message: string } & AccountFacts);

type AccountRow = { id: string | number; holder: string; unit_type: string; bucket: string; balance: string };

const facts = (row: AccountRow): AccountFacts => ({
  accountId: Number(row.id),
  holder: row.holder,
  unitType: row.unit_type,
  bucket: row.bucket,
  balance: String(row.balance),
});

/**
 * Checks the ledger's invariants with three aggregate queries over one snapshot; an empty list
 * means healthy:
 * - every unit type's balances sum to zero (units are only ever moved, issued units are owed by
 *   the issuer account);
 * - every account's stored balance equals its credits minus its debits in the entries;
 * - no person's account is below zero.
 */
export async function reconcile(db: Db): Promise<ReconcileProblem[]> {
  return db.transaction(
    async (tx) => {
      const problems: ReconcileProblem[] = [];

      const sums = await queryRows<{ unit_type: string; sum: string }>(
        tx,
        sql`select unit_type, sum(balance)::text as sum from ledger_accounts group by unit_type having sum(balance) <> 0 order by unit_type`,
      );
      for (const row of sums) {
        problems.push({ kind: 'UNIT_TYPE_NOT_BALANCED', message: `${row.unit_type} balances sum to ${row.sum}, not 0.`, unitType: row.unit_type, sum: row.sum });
      }

      const mismatches = await queryRows<AccountRow & { from_entries: string }>(
        tx,
        sql`with moves as (
              select debit_account as account, -sum(units) as delta from ledger_entries group by debit_account
              union all
              select credit_account, sum(units) from ledger_entries group by credit_account
            ), net as (
              select account, sum(delta) as from_entries from moves group by account
            )
            select a.id, a.holder, a.unit_type, a.bucket, a.balance::text as balance, coalesce(n.from_entries, 0)::text as from_entries
            from ledger_accounts a left join net n on n.account = a.id
            where a.balance <> coalesce(n.from_entries, 0)
            order by a.id`,
      );
      for (const row of mismatches) {
        problems.push({
          kind: 'BALANCE_MISMATCH',
          message: `Account ${row.id} (${row.holder} ${row.unit_type} ${row.bucket}) holds ${row.balance} but its entries add up to ${row.from_entries}.`,
          ...facts(row),
          fromEntries: row.from_entries,
        });
      }

      const negatives = await queryRows<AccountRow>(
        tx,
        sql`select id, holder, unit_type, bucket, balance::text as balance from ledger_accounts
            where holder like 'user:%' and balance < 0 order by id`,
      );
      for (const row of negatives) {
        problems.push({ kind: 'NEGATIVE_USER_BALANCE', message: `Account ${row.id} (${row.holder} ${row.unit_type} ${row.bucket}) is below zero: ${row.balance}.`, ...facts(row) });
      }

      return problems;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
