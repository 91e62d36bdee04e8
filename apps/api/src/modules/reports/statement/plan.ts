import { addDaysIso, currencyOf, priceOn, statementPresetPeriod, UNIT_TYPES, type CompanyDetails, type Currency, type Price, type StatementQuery, type UnitType } from '@landunits/domain';
import { queryRows, type Db } from '../../../platform/db/client';
import { valueInCents } from '../../holdings';
import { heldTotalsQuery, userHolder, type HeldTotalsRow } from '../../ledger';
import { loadMoneySettings, moneySettingsOn } from '../../pricing';
import type { UserRow } from '../../users';

/** What one unit type's part of a statement adds up to, computed in SQL before any row is read. */
export interface StatementSummary {
  unitType: UnitType;
  currency: Currency;
  opening: bigint;
  received: bigint;
  sent: bigint;
  closing: bigint;
  postings: number;
  /** The Unit price on the last day of the period, and the closing balance's value at it (cents). */
  price: Price;
  valueCents: bigint;
  /** The last entry id the totals saw: rows are read up to it. */
  lastId: string | null;
}

export interface StatementPlan {
  userId: string;
  holder: string;
  person: { name: string; email: string };
  company: CompanyDetails;
  /** The period, UTC days, both included; `from` is its first instant, `until` the first instant after it. */
  fromDate: string;
  toDate: string;
  from: Date;
  until: Date;
  unitType: UnitType | 'all';
  generatedAt: Date;
  /** One per unit type on the statement: the one asked for, or for all, each held or moved in the period. */
  summaries: StatementSummary[];
}

/** The period of a statement query: its dates, or the last 12 months to today (UTC). */
export function statementPeriod(query: Pick<StatementQuery, 'fromDate' | 'toDate'>, now: Date): { fromDate: string; toDate: string } {
  const preset = statementPresetPeriod('last12Months', now);
  const toDate = query.toDate ?? preset.toDate;
  const fromDate = query.fromDate ?? (query.toDate ? addDaysIso(toDate, -364) : preset.fromDate);
  return { fromDate: fromDate <= toDate ? fromDate : toDate, toDate };
}

const dayStart = (iso: string) => new Date(`${iso}T00:00:00Z`);

export const displayName = (user: Pick<UserRow, 'firstName' | 'lastName' | 'businessName'>) => user.businessName?.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ').trim();

/** Reads the totals of every unit type on the statement (in `db`'s snapshot) and the prices of its last day. */
export async function planStatement(db: Db, user: UserRow, query: StatementQuery, now: Date): Promise<StatementPlan> {
  const { fromDate, toDate } = statementPeriod(query, now);
  const from = dayStart(fromDate);
  const until = dayStart(addDaysIso(toDate, 1));
  const holder = userHolder(user.id);
  const stored = await loadMoneySettings(db);
  const lastDay = dayStart(toDate);
  const settings = moneySettingsOn(stored, lastDay);
  const types = query.unitType === 'all' ? UNIT_TYPES : [query.unitType];
  const summaries: StatementSummary[] = [];
  for (const unitType of types) {
    const [row] = await queryRows<HeldTotalsRow>(db, heldTotalsQuery(holder, unitType, from, until));
    const opening = BigInt(row?.opening ?? '0');
    const received = BigInt(row?.received ?? '0');
    const sent = BigInt(row?.sent ?? '0');
    const postings = row?.postings ?? 0;
    if (query.unitType === 'all' && opening === 0n && postings === 0) continue;
    const closing = opening + received - sent;
    const price = priceOn(unitType, lastDay, settings);
    summaries.push({ unitType, currency: currencyOf(unitType), opening, received, sent, closing, postings, price, valueCents: valueInCents(closing, price), lastId: row?.lastId ?? null });
  }
  return {
    userId: user.id,
    holder,
    person: { name: displayName(user), email: user.email },
    company: stored.company,
    fromDate,
    toDate,
    from,
    until,
    unitType: query.unitType,
    generatedAt: now,
    summaries,
  };
}
