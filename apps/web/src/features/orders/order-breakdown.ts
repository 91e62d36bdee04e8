import {
  buyTotal,
  convertUnits,
  divRoundHalfUp,
  exchangeRate,
  formatMoney,
  formatUnits,
  MICROS_PER_CENT,
  MONEY_MESSAGES,
  MoneyRuleError,
  priceToMicros,
  sellPayout,
  UNIT_TYPE_INFO,
  type UnitType,
} from '@landunits/domain';
import { formatPrice, unitsOf } from './order-format';
import type { OrderContext } from './use-order-context';

/**
 * The figures shown before confirming an order, computed from today's prices with the domain's
 * exact money functions (bigint cents, never floats). `units` is null while the field holds no
 * valid number: the rows then show a dash.
 */

export interface FigureRow {
  label: string;
  value: string;
  /** The row the user decides on (total to pay, payout, units received). */
  total?: boolean;
}

const DASH = '—';

export function valueTodayCents(units: bigint, price: string): bigint {
  return divRoundHalfUp(units * priceToMicros(price), MICROS_PER_CENT);
}

/** Bank is the only payment method open today (ORDER_MESSAGES.paymentMethodNotAvailable for the others). */
export const PAYMENT_METHOD_LABELS = { Bank: 'Bank transfer', Card: 'Card', Crypto: 'Crypto (Bitcoin, Ether)' } as const;

export interface BuyBreakdown {
  rows: FigureRow[];
  /** Cents, for the purchase limit check; null without units. */
  paymentAmount: bigint | null;
}

export function buyBreakdown(context: OrderContext, unitType: UnitType, units: bigint | null): BuyBreakdown {
  const price = context.prices[unitType];
  const currency = UNIT_TYPE_INFO[unitType].currency;
  const fee = context.externalFees.Bank;
  const total = units === null ? null : buyTotal({ units, price: price.pricePerUnit, buyFeeCents: price.buyOrderTransactionFeeInCents, externalFee: fee });
  const money = (cents: bigint | undefined) => (cents === undefined ? DASH : formatMoney(cents, currency));
  const methodFee = total ? total.paymentMethodFees.fixedPercentageFees + total.paymentMethodFees.fixedCentsFees : undefined;
  return {
    paymentAmount: total ? total.paymentAmount : null,
    rows: [
      { label: 'Price per Unit', value: formatPrice(price.pricePerUnit, currency) },
      { label: 'Units', value: units === null ? DASH : unitsOf(units, unitType) },
      { label: 'Subtotal', value: money(total?.subTotal) },
      { label: 'Transaction fee', value: formatMoney(price.buyOrderTransactionFeeInCents, currency) },
      { label: 'Payment method fee', value: money(methodFee) },
      { label: 'Total to pay', value: money(total?.paymentAmount), total: true },
    ],
  };
}

export interface SellBreakdown {
  rows: FigureRow[];
  /** MONEY_MESSAGES.sellMoreThanFee when the Units do not cover the sale fee. */
  problem: string | null;
}

export function sellBreakdown(context: OrderContext, unitType: UnitType, units: bigint | null): SellBreakdown {
  const price = context.prices[unitType];
  const currency = UNIT_TYPE_INFO[unitType].currency;
  const feeUnits = BigInt(price.sellOrderTransactionFeeInUnits);
  let payout: bigint | null = null;
  let problem: string | null = null;
  if (units !== null) {
    try {
      payout = sellPayout({ units, price: price.pricePerUnit, sellFeeUnits: feeUnits });
    } catch (error) {
      if (!(error instanceof MoneyRuleError)) throw error;
      problem = error.message;
    }
  }
  return {
    problem,
    rows: [
      { label: 'Units', value: units === null ? DASH : unitsOf(units, unitType) },
      { label: 'Sell fee', value: unitsOf(feeUnits, unitType) },
      { label: 'Units sold', value: units === null || payout === null ? DASH : unitsOf(units - feeUnits, unitType) },
      { label: 'Price per Unit', value: formatPrice(price.pricePerUnit, currency) },
      { label: 'Payout', value: payout === null ? DASH : formatMoney(payout, currency), total: true },
    ],
  };
}

export function transferRows(context: OrderContext, unitType: UnitType, units: bigint | null): FigureRow[] {
  const price = context.prices[unitType];
  const currency = UNIT_TYPE_INFO[unitType].currency;
  return [
    { label: 'Units to transfer', value: units === null ? DASH : unitsOf(units, unitType), total: true },
    { label: 'Value today', value: units === null ? DASH : formatMoney(valueTodayCents(units, price.pricePerUnit), currency) },
    { label: 'Fee', value: 'Free' },
  ];
}

export interface ConvertBreakdown {
  rows: FigureRow[];
  /** Units received; null without units or rates. */
  unitsOut: bigint | null;
  /** MONEY_MESSAGES.convertTooSmall when the conversion would give no Units. */
  problem: string | null;
}

export function convertBreakdown(context: OrderContext, from: UnitType, to: UnitType, units: bigint | null): ConvertBreakdown {
  const priceFrom = context.prices[from];
  const priceTo = context.prices[to];
  const currencyFrom = UNIT_TYPE_INFO[from].currency;
  const currencyTo = UNIT_TYPE_INFO[to].currency;
  const rates = context.exchangeRate;
  const feeUnits = BigInt(priceFrom.convertOrderTransactionFeeInUnits);
  let unitsOut: bigint | null = null;
  let problem: string | null = null;
  if (units !== null && rates && from !== to) {
    try {
      unitsOut = convertUnits({
        units,
        priceFrom: priceFrom.pricePerUnit,
        priceTo: priceTo.pricePerUnit,
        rateFrom: rates[currencyFrom],
        rateTo: rates[currencyTo],
        convertFeeUnits: feeUnits,
      }).unitsOut;
    } catch (error) {
      if (!(error instanceof MoneyRuleError)) throw error;
      problem = error.message;
    }
  }
  const rate = rates && from !== to ? `1 ${currencyFrom} = ${exchangeRate(currencyFrom, currencyTo, rates)} ${currencyTo}` : DASH;
  return {
    unitsOut,
    problem,
    rows: [
      { label: 'Units converted', value: units === null ? DASH : unitsOf(units, from) },
      { label: `Price per ${currencyFrom} Unit`, value: formatPrice(priceFrom.pricePerUnit, currencyFrom) },
      { label: 'Exchange rate', value: rate },
      ...(from === to ? [] : [{ label: `Price per ${currencyTo} Unit`, value: formatPrice(priceTo.pricePerUnit, currencyTo) }]),
      { label: 'Conversion fee', value: `${formatUnits(feeUnits)} ${feeUnits === 1n ? 'Unit' : 'Units'}` },
      { label: 'Units received', value: unitsOut === null ? DASH : unitsOf(unitsOut, to), total: true },
    ],
  };
}

/** SPEC §5 message when a buy asks for more than the supply cap leaves. */
export function buyCapProblem(context: OrderContext, unitType: UnitType, units: bigint | null): string | null {
  const left = context.unitsAvailable[unitType];
  if (units === null || typeof left !== 'number' || !Number.isSafeInteger(left) || left < 0) return null;
  return units > BigInt(left) ? MONEY_MESSAGES.buyUpTo(left) : null;
}

/** SPEC §5 message when this buy plus unapproved ones would pass the purchase limit. */
export function purchaseLimitProblem(context: OrderContext, unitType: UnitType, paymentAmount: bigint | null): string | null {
  const currency = UNIT_TYPE_INFO[unitType].currency;
  const limit = context.purchaseLimit[currency];
  if (paymentAmount === null || !limit || !Number.isSafeInteger(limit.limitInCents) || !Number.isSafeInteger(limit.usedInCents)) return null;
  return paymentAmount + BigInt(limit.usedInCents) > BigInt(limit.limitInCents) ? MONEY_MESSAGES.purchaseLimit(limit.limitInCents, currency) : null;
}
