import {
  divFloor,
  buyTotal,
  rationalToDecimal,
  type BuyPaymentMethod,
  type BuyTotal,
  type Currency,
  type ExternalFeeTerms,
  type ReferenceCodeDetails,
  type Rational,
  type ReferenceCodeTerms,
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
  formatDay,
  formatPrice,
} from '@landunits/domain';
import { unitsOf } from './order-format';

import { ownedUnits, type OrderContext } from './use-order-context';

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

export interface BuyQuote {
  unitType: UnitType;
  /** Null while the field holds no valid number. */
  units: bigint | null;
  /** The LU2X offer: half price. */
  isDoubleLand: boolean;
  /** An applied reference code, or null. */
  code: ReferenceCodeDetails | null;
  /** The payment method whose fees are added; null before one is chosen (the total then leaves them out). */
  method: BuyPaymentMethod | null;
}

export interface BuyBreakdown {
  rows: FigureRow[];
  /** Every figure in cents; null without units or without the method's fees. */
  total: BuyTotal | null;
  /** Cents, for the purchase limit check (without the method's fees when no method is given); null without units. */
  paymentAmount: bigint | null;
}

/** The domain's code terms of a looked-up code (BONUS: Units; DISCOUNT: a percent or cents). */
export function codeTerms(code: ReferenceCodeDetails | null): ReferenceCodeTerms | null {
  if (!code) return null;
  return code.codeType === 'BONUS' ? { codeType: 'BONUS', bonusUnits: code.bonusUnits } : { codeType: 'DISCOUNT', isPercent: code.isPercent, amount: code.amount };
}

const NO_FEE: ExternalFeeTerms = { fixedPercentageFees: 0, fixedCentsFees: 0 };

/** A method's fee terms from the bundle; null when the bundle does not list the method (it cannot be offered). */
export function methodFee(context: OrderContext, method: BuyPaymentMethod): ExternalFeeTerms | null {
  const fee = (context.externalFees as Partial<Record<BuyPaymentMethod, ExternalFeeTerms>>)[method];
  return fee && Number.isSafeInteger(Number(fee.fixedPercentageFees)) && Number.isSafeInteger(Number(fee.fixedCentsFees)) ? fee : null;
}

/** '1.50% + £0.20', '1.00%', '£0.10' or 'No fee'. */
export function feeText(fee: ExternalFeeTerms, currency: Currency): string {
  const percent = BigInt(fee.fixedPercentageFees);
  const cents = BigInt(fee.fixedCentsFees);
  const parts: string[] = [];
  if (percent) parts.push(`${rationalToDecimal({ num: percent, den: 100n }, 2)}%`);
  if (cents) parts.push(formatMoney(cents, currency));
  return parts.length ? parts.join(' + ') : 'No fee';
}

/** The buy total of a quote with the domain's buyTotal (the server's formula), or null without units or fees. */
export function quoteTotal(context: OrderContext, quote: BuyQuote): BuyTotal | null {
  if (quote.units === null) return null;
  const fee = quote.method ? methodFee(context, quote.method) : NO_FEE;
  if (!fee) return null;
  const price = context.prices[quote.unitType];
  try {
    return buyTotal({
      units: quote.units,
      price: price.pricePerUnit,
      isDoubleLand: quote.isDoubleLand,
      referenceCode: codeTerms(quote.code),
      buyFeeCents: price.buyOrderTransactionFeeInCents,
      externalFee: fee,
    });
  } catch (error) {
    // Figures the domain cannot read (a code's amount, a fee): no preview; the server still decides.
    if (error instanceof RangeError) return null;
    throw error;
  }
}

export function buyBreakdown(context: OrderContext, quote: BuyQuote): BuyBreakdown {
  const { unitType, units, isDoubleLand, code, method } = quote;
  const price = context.prices[unitType];
  const currency = UNIT_TYPE_INFO[unitType].currency;
  const total = quoteTotal(context, quote);
  const money = (cents: bigint | undefined) => (cents === undefined ? DASH : formatMoney(cents, currency));
  const rows: FigureRow[] = [
    { label: 'Price per Unit', value: formatPrice(price.pricePerUnit, currency) },
    { label: 'Units', value: units === null ? DASH : unitsOf(units, unitType) },
    { label: isDoubleLand ? 'Subtotal (LU2X half price)' : 'Subtotal', value: money(total?.subTotal) },
  ];
  if (code?.codeType === 'DISCOUNT') {
    rows.push({ label: `Discount (${code.code})`, value: total ? `−${formatMoney(total.discount, currency)}` : DASH });
  }
  rows.push({ label: 'Transaction fee', value: formatMoney(price.buyOrderTransactionFeeInCents, currency) });
  if (method) {
    const fees = total?.paymentMethodFees;
    rows.push({ label: 'Payment method fee', value: fees ? formatMoney(fees.fixedPercentageFees + fees.fixedCentsFees, currency) : DASH });
  }
  if (code?.codeType === 'BONUS') {
    rows.push({ label: `Bonus Units (${code.code})`, value: `+${unitsOf(code.bonusUnits, unitType)}` });
  }
  rows.push(method ? { label: 'Total to pay', value: money(total?.paymentAmount), total: true } : { label: 'Total before payment fees', value: money(total?.paymentAmount), total: true });
  return { rows, total, paymentAmount: total ? total.paymentAmount : null };
}

export interface SellBreakdown {
  rows: FigureRow[];
  /** MONEY_MESSAGES.sellMoreThanFee when the Units do not cover the sale fee. */
  problem: string | null;
  /** Set when the fee is a large share of the sale (at least SALE_FEE_WARNING_PERCENT): a sentence saying so. */
  feeWarning: string | null;
}

/** From this share of the Units sold, the sale fee is called out before the review. */
export const SALE_FEE_WARNING_PERCENT = 25n;

/** The flat sale fee as a share of a sale of `units`, exact to 2 places: '50%', '33.33%', '0.5%'. */
export function saleFeeShare(feeUnits: bigint, units: bigint): string {
  const percent = rationalToDecimal({ num: feeUnits * 100n, den: units }, 2);
  return `${percent.replace(/\.?0+$/, '')}%`;
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
  const hasUnits = units !== null && units > 0n;
  const share = hasUnits ? saleFeeShare(feeUnits, units) : null;
  const large = hasUnits && feeUnits * 100n >= units * SALE_FEE_WARNING_PERCENT;
  return {
    problem,
    feeWarning:
      large && share && payout !== null
        ? `The sale fee is ${share} of this sale: ${unitsOf(feeUnits, unitType)} of ${unitsOf(units, unitType)}. It is the same ${formatUnits(feeUnits)} Units for any sale, so selling more Units at once loses a smaller share.`
        : null,
    rows: [
      { label: 'Units', value: units === null ? DASH : unitsOf(units, unitType) },
      { label: 'Sale fee', value: share ? `${unitsOf(feeUnits, unitType)} (${share} of this sale)` : unitsOf(feeUnits, unitType) },
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
  /** '0.12 USD Units are lost to rounding.' or 'No Units are lost to rounding.'; null without a conversion. */
  rounding: string | null;
}

/**
 * The part of a Unit the conversion's floor drops, in words, rounded down to 2 places: always less
 * than a whole Unit, never shown as 0 when something is lost.
 */
export function roundingText(lost: Rational, to: UnitType): string {
  if (lost.num === 0n) return 'No Units are lost to rounding.';
  const shown = rationalToDecimal({ num: divFloor(lost.num * 100n, lost.den), den: 100n }, 2);
  const currency = UNIT_TYPE_INFO[to].currency;
  return shown === '0.00' ? `Less than 0.01 ${currency} Units are lost to rounding.` : `${shown} ${currency} Units are lost to rounding.`;
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
  let rounding: string | null = null;
  if (units !== null && rates && from !== to) {
    try {
      const result = convertUnits({
        units,
        priceFrom: priceFrom.pricePerUnit,
        priceTo: priceTo.pricePerUnit,
        rateFrom: rates[currencyFrom],
        rateTo: rates[currencyTo],
        convertFeeUnits: feeUnits,
      });
      unitsOut = result.unitsOut;
      rounding = roundingText(result.lostToRounding, to);
    } catch (error) {
      if (!(error instanceof MoneyRuleError)) throw error;
      problem = error.message;
    }
  }
  const rate = rates && from !== to ? `1 ${currencyFrom} = ${exchangeRate(currencyFrom, currencyTo, rates)} ${currencyTo}` : DASH;
  return {
    unitsOut,
    problem,
    rounding,
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

/**
 * LU2X Units of a type that cannot be sold or transferred yet, in a sentence: '100 LU2X Units are
 * locked; 10 unlock on 1 June 2027.' Null when none are locked.
 */
export function doubleLandLockText(context: OrderContext, unitType: UnitType): string | null {
  const lock = context.doubleLand[unitType];
  if (!lock || !Number.isSafeInteger(lock.lockedUnits) || lock.lockedUnits <= 0) return null;
  const locked = `${formatUnits(lock.lockedUnits)} LU2X ${lock.lockedUnits === 1 ? 'Unit is' : 'Units are'} locked`;
  if (!lock.nextUnlockAt || !lock.nextUnlockUnits) return `${locked}.`;
  return `${locked}; ${formatUnits(lock.nextUnlockUnits)} unlock on ${formatDay(lock.nextUnlockAt)}.`;
}

/**
 * Why a sale or transfer of `units` cannot go ahead for want of owned Units, or null: the server's
 * LU2X message when Units of this type are still locked, else "Not enough units available.".
 */
export function notEnoughUnitsProblem(context: OrderContext, unitType: UnitType, units: bigint | null): string | null {
  const owned = ownedUnits(context, unitType);
  if (units === null || units <= BigInt(owned)) return null;
  const lock = context.doubleLand[unitType];
  if (lock && lock.lockedUnits > 0 && lock.nextUnlockAt && lock.nextUnlockUnits > 0) return MONEY_MESSAGES.doubleLandLocked(owned, lock.nextUnlockUnits, lock.nextUnlockAt);
  return MONEY_MESSAGES.notEnoughUnits;
}

/** SPEC §5 message when an LU2X buy asks for more than the offer has left. */
export function doubleLandCapProblem(context: OrderContext, units: bigint | null): string | null {
  const left = context.doubleLandRemaining;
  if (units === null || left === null) return null;
  return units > BigInt(left) ? MONEY_MESSAGES.doubleLandRemaining(left) : null;
}

/** SPEC §5 message when this buy plus unapproved ones would pass the purchase limit. */
export function purchaseLimitProblem(context: OrderContext, unitType: UnitType, paymentAmount: bigint | null): string | null {
  const currency = UNIT_TYPE_INFO[unitType].currency;
  const limit = context.purchaseLimit[currency];
  if (paymentAmount === null || !limit || !Number.isSafeInteger(limit.limitInCents) || !Number.isSafeInteger(limit.usedInCents)) return null;
  return paymentAmount + BigInt(limit.usedInCents) > BigInt(limit.limitInCents) ? MONEY_MESSAGES.purchaseLimit(limit.limitInCents, currency) : null;
}
