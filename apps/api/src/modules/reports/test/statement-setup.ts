import type { UnitType } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { queryRows, type Db } from '../../../platform/db/client';
import { inTransaction } from '../../../platform/db/transaction';

/** What the tests compare a statement with: the ledger itself, read here with SQL of its own. */

export interface LedgerPosting {
  orderId: string | null;
  unitType: UnitType;
  units: number;
  day: string;
}

/** Every entry with exactly one side in the person's held buckets (all but pendingBuy), signed, in entry order. */
export async function ledgerPostings(db: Db, userId: string): Promise<LedgerPosting[]> {
  const rows = await queryRows<{ order_id: string | null; unit_type: UnitType; units: string; day: string }>(
    db,
    sql`with held as (select id, unit_type from ledger_accounts where holder = ${`user:${userId}`} and bucket <> 'pendingBuy')
        select e.order_id, coalesce(c.unit_type, d.unit_type) as unit_type,
               (case when c.id is not null then e.units else -e.units end)::text as units, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD') as day
        from ledger_entries e left join held c on c.id = e.credit_account left join held d on d.id = e.debit_account
        where (c.id is null) <> (d.id is null) order by e.id`,
  );
  return rows.map((r) => ({ orderId: r.order_id, unitType: r.unit_type, units: Number(r.units), day: r.day }));
}

/** The stored held balance (what the dashboard shows) of one unit type. */
export async function storedHeld(db: Db, userId: string, unitType: UnitType): Promise<number> {
  const [row] = await queryRows<{ held: string }>(
    db,
    sql`select coalesce(sum(balance), 0)::text as held from ledger_accounts where holder = ${`user:${userId}`} and unit_type = ${unitType} and bucket <> 'pendingBuy'`,
  );
  return Number(row?.held ?? 0);
}

/**
 * Units from the issuer's supply into a person's `owned` bucket, dated `at`: history from before
 * the test (the ledger dates entries by the database's clock, which a test cannot move). The
 * entry and both balances are written together, as a posting would.
 */
export async function backdatedGift(db: Db, userId: string, unitType: UnitType, units: number, at: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`insert into ledger_accounts (holder, unit_type, bucket) values (${`user:${userId}`}, ${unitType}, 'owned'), ('system:issuer', ${unitType}, 'supply') on conflict do nothing`);
    const accounts = await queryRows<{ id: string; holder: string }>(
      tx,
      sql`select id::text, holder from ledger_accounts where unit_type = ${unitType} and ((holder = ${`user:${userId}`} and bucket = 'owned') or (holder = 'system:issuer' and bucket = 'supply'))`,
    );
    const mine = accounts.find((a) => a.holder.startsWith('user:'))!.id;
    const issuer = accounts.find((a) => a.holder === 'system:issuer')!.id;
    await tx.execute(sql`update ledger_accounts set balance = balance + ${units} where id = ${mine}::bigint`);
    await tx.execute(sql`update ledger_accounts set balance = balance - ${units} where id = ${issuer}::bigint`);
    await tx.execute(sql`insert into ledger_entries (order_id, debit_account, credit_account, units, created_at) values (null, ${issuer}::bigint, ${mine}::bigint, ${units}, ${at}::timestamptz)`);
  });
}

export function statementUrl(query: Record<string, string>): string {
  return `/api/utility/generate-statement?${new URLSearchParams(query).toString()}`;
}

/** GET the statement as `session`; 200 expected; the body as bytes with its headers. */
export async function download(app: FastifyInstance, session: string, query: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url: statementUrl(query), cookies: { lu_session: session } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return { bytes: res.rawPayload, headers: res.headers };
}

/** `count` back-dated gifts of 1 Unit each, a minute apart from `start`, in one statement (long histories). */
export async function backdatedGifts(db: Db, userId: string, unitType: UnitType, count: number, start: string): Promise<void> {
  await backdatedGift(db, userId, unitType, 1, start);
  await db.execute(sql`
    with mine as (select id from ledger_accounts where holder = ${`user:${userId}`} and unit_type = ${unitType} and bucket = 'owned'),
         issuer as (select id from ledger_accounts where holder = 'system:issuer' and unit_type = ${unitType} and bucket = 'supply'),
         entries as (insert into ledger_entries (order_id, debit_account, credit_account, units, created_at)
                     select null, (select id from issuer), (select id from mine), 1, ${start}::timestamptz + g * interval '1 minute' from generate_series(1, ${count - 1}) g returning units),
         moved as (select coalesce(sum(units), 0) as n from entries),
         a as (update ledger_accounts set balance = balance + (select n from moved) where id = (select id from mine) returning 1)
    update ledger_accounts set balance = balance - (select n from moved) where id = (select id from issuer)`);
}
