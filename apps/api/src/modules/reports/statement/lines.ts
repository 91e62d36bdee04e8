import { ORDER_TYPE_LABELS, UNIT_TYPE_INFO, type Currency, type Price, type UnitType } from '@landunits/domain';
import type { HeldPostingRow } from '../../ledger';
import type { OrderView } from '../../orders';
import type { StatementPlan, StatementSummary } from './plan';

/**
 * The rows every format of a statement writes, in order: per unit type an opening balance, each
 * posting with its running balance (fees of its order on their own lines below it), or a line
 * saying there were none, and the closing balance with its value on the last day.
 */
export type LineKind = 'opening' | 'posting' | 'fee' | 'none' | 'closing';

export interface StatementLine {
  kind: LineKind;
  unitType: UnitType;
  currency: Currency;
  /** YYYY-MM-DD (UTC). */
  date: string;
  orderId: string;
  type: string;
  direction: 'SENT' | 'RECEIVED' | '';
  counterparty: string;
  /** Units moved (postings, always positive: the direction says which way) or given as a fee. */
  units: bigint | null;
  price: Price | null;
  /** Money in cents of the unit type's currency (negative for a discount). */
  amountCents: bigint | null;
  /** The balance after the line (opening, postings, closing). */
  balance: bigint | null;
}

export const PLATFORM_COUNTERPARTY = 'Land Units';
export const NO_TRANSACTIONS = 'No transactions in this period';

export const unitTypeTitle = (unitType: UnitType) => `${UNIT_TYPE_INFO[unitType].currency} Units`;

const isoDay = (value: Date | string) => new Date(value).toISOString().slice(0, 10);

function base(summary: StatementSummary, date: string): Omit<StatementLine, 'kind' | 'type'> {
  return { unitType: summary.unitType, currency: summary.currency, date, orderId: '', direction: '', counterparty: '', units: null, price: null, amountCents: null, balance: null };
}

export function openingLine(plan: StatementPlan, summary: StatementSummary): StatementLine {
  return { ...base(summary, plan.fromDate), kind: 'opening', type: 'Opening balance', balance: summary.opening };
}

export function closingLine(plan: StatementPlan, summary: StatementSummary): StatementLine {
  return { ...base(summary, plan.toDate), kind: 'closing', type: 'Closing balance', price: summary.price, amountCents: summary.valueCents, balance: summary.closing };
}

export function noneLine(plan: StatementPlan, summary: StatementSummary): StatementLine {
  return { ...base(summary, plan.toDate), kind: 'none', type: NO_TRANSACTIONS };
}

/** The other side of a transfer as the transaction history names it; the platform for everything else. */
function counterpartyOf(view: OrderView | undefined): string {
  if (!view || (view.orderType !== 'TRANSFER' && view.orderType !== 'TRANSFER_FUTURE')) return PLATFORM_COUNTERPARTY;
  if (view.direction === 'RECEIVED') return view.counterpartyName || 'another user';
  return view.counterpartyName || view.counterpartyEmail || view.transfer?.recipientEmail || '';
}

const num = (value: unknown): bigint | null => (typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : null);

/**
 * The lines of one posting (the entry and the order it belongs to, as its owner's history shows
 * it), with `balance` the running balance after it. Fees come from the order's own figures: a buy's
 * discount, buy fee and payment method fees in money, a conversion's fee in Units; a sale's fee
 * Units are a posting of their own.
 */
export function postingLines(row: HeldPostingRow, view: OrderView | undefined, summary: StatementSummary, balance: bigint): StatementLine[] {
  const signed = BigInt(row.units);
  const date = isoDay(row.createdAt);
  const line: StatementLine = {
    ...base(summary, date),
    kind: 'posting',
    orderId: row.orderId ?? '',
    type: view ? ORDER_TYPE_LABELS[view.orderType] : 'Adjustment',
    direction: signed > 0n ? 'RECEIVED' : 'SENT',
    counterparty: counterpartyOf(view),
    units: signed > 0n ? signed : -signed,
    price: view?.currencyUnit.pricePerUnit ?? null,
    balance,
  };
  if (!view) return [line];
  const pay = view.paymentDetails;
  const fee = (type: string, amountCents: bigint | null, units: bigint | null = null): StatementLine => ({ ...base(summary, date), kind: 'fee', orderId: view.orderId, type, amountCents, units });
  if (view.orderType === 'BUY') {
    if (row.bucket === 'bonusLocked') return [{ ...line, type: 'Bonus units', price: null }];
    if (view.currencyUnit.isDoubleLand) line.type = 'Buy (double land)';
    if (!pay) return [line];
    line.amountCents = num(pay.subTotal);
    const lines = [line];
    const discount = num(pay.discount) ?? 0n;
    if (discount > 0n) lines.push(fee(view.buy?.referenceCode ? `Discount (${view.buy.referenceCode})` : 'Discount', -discount));
    const buyFee = num(pay.transactionFee) ?? 0n;
    if (buyFee > 0n) lines.push(fee('Buy fee', buyFee));
    const percentage = num(pay.paymentMethodFees?.fixedPercentageFees) ?? 0n;
    if (percentage > 0n) lines.push(fee('Payment fee (percentage)', percentage));
    const fixed = num(pay.paymentMethodFees?.fixedCentsFees) ?? 0n;
    if (fixed > 0n) lines.push(fee('Payment fee (fixed)', fixed));
    return lines;
  }
  if (view.orderType === 'SELL') {
    if (row.otherHolder === 'system:fees') return [{ ...line, type: 'Sell fee', amountCents: pay ? num(pay.transactionFee) : null }];
    line.amountCents = pay ? num(pay.paymentAmount) : null;
    return [line];
  }
  if (view.orderType === 'CONVERT' && signed > 0n && view.convert) {
    line.type = `Convert from ${unitTypeTitle(view.currencyUnit.unitType)}`;
    line.price = view.convert.pricePerUnit;
    const feeUnits = BigInt(view.convert.feeUnits ?? 0);
    return feeUnits > 0n ? [line, fee('Convert fee (Units)', null, feeUnits)] : [line];
  }
  if (view.orderType === 'CONVERT' && view.convert) line.type = `Convert to ${unitTypeTitle(view.convert.unitType)}`;
  return [line];
}
