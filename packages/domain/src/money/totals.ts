import type { Currency } from '../format/format';
import { MICROS_PER_CENT, divFloor, divRoundHalfUp, parseDecimal, priceToMicros, rationalToDecimal, toWhole, type Price, type Rational } from './decimal';
import { MONEY_MESSAGES, MoneyRuleError } from './messages';

/**
 * Buy totals, sell payouts and conversions (PRODUCT-DECISIONS §2–§3), in exact integer arithmetic.
 * Money in and out is integer cents as `bigint`; each step rounds half-up to the cent once, from
 * the already rounded figures of the steps before it (that is what the user sees on the order).
 */

export interface ReferenceCodeTerms {
  codeType: 'DISCOUNT' | 'BONUS';
  /** DISCOUNT only: true → `amount` is a percent of the subtotal; false → `amount` is cents. */
  isPercent?: boolean;
  /** Percent (a decimal string such as '12.5', or a whole number) or cents (whole). Ignored for BONUS. */
  amount?: number | string | bigint;
  /** BONUS only: Units granted (locked) when the buy is approved. */
  bonusUnits?: number | bigint;
}

export interface ExternalFeeTerms {
  /** Basis points: 150 = 1.50 %. */
  fixedPercentageFees: number | bigint;
  /** Cents. */
  fixedCentsFees: number | bigint;
}

export interface BuyTotalInput {
  units: number | bigint;
  price: Price;
  /** LU2X offer: the price is halved. */
  isDoubleLand?: boolean;
  referenceCode?: ReferenceCodeTerms | null;
  buyFeeCents: number | bigint;
  externalFee: ExternalFeeTerms;
}

/** Every figure of a buy, in cents, named as in the SPEC's `paymentDetails`. */
export interface BuyTotal {
  /** Step 1: units × price (halved for double land). */
  subTotal: bigint;
  /** Step 2: the reference code's discount, at most `subTotal`. */
  discount: bigint;
  /** The buy fee (`buyOrderTransactionFeeInCents`). */
  transactionFee: bigint;
  /** Step 3: subTotal − discount + transactionFee. */
  base: bigint;
  /** Step 4's two fee amounts, in cents (not the rates). */
  paymentMethodFees: { fixedPercentageFees: bigint; fixedCentsFees: bigint };
  /** Step 4: base + percentage fee + fixed fee. What the user pays. */
  paymentAmount: bigint;
  /** Units a BONUS code grants (0 otherwise); they are not charged for. */
  bonusUnits: bigint;
  /** bonusUnits × price (full price), for display: "bonus units x price" of SPEC §9. */
  bonusValue: bigint;
}

const HUNDRED = 100n;
const BASIS_POINTS = 10_000n;

function discountOf(subTotal: bigint, code: ReferenceCodeTerms | null | undefined): bigint {
  if (!code || code.codeType !== 'DISCOUNT') return 0n;
  const amount = code.amount ?? 0;
  let discount: bigint;
  if (code.isPercent) {
    const percent = parseDecimal(amount, 'discount percent');
    discount = divRoundHalfUp(subTotal * percent.num, percent.den * HUNDRED);
  } else {
    discount = toWhole(typeof amount === 'string' ? parseWholeString(amount) : amount, 'discount amount');
  }
  return discount < subTotal ? discount : subTotal;
}

function parseWholeString(text: string): bigint {
  if (!/^\d+$/.test(text.trim())) throw new RangeError(`An amount code is whole cents, got ${text}`);
  return BigInt(text.trim());
}

/** The buy total of PRODUCT-DECISIONS §2, step by step. */
export function buyTotal(input: BuyTotalInput): BuyTotal {
  const units = toWhole(input.units, 'units');
  const micros = priceToMicros(input.price);
  const transactionFee = toWhole(input.buyFeeCents, 'buy fee');
  const percentageBasisPoints = toWhole(input.externalFee.fixedPercentageFees, 'percentage fee');
  const fixedCentsFees = toWhole(input.externalFee.fixedCentsFees, 'fixed fee');

  // 1. units × price, in cents (micro-units × units / 10^4), halved for double land.
  const subTotal = divRoundHalfUp(units * micros, MICROS_PER_CENT * (input.isDoubleLand ? 2n : 1n));
  // 2. discount, capped at the subtotal.
  const discount = discountOf(subTotal, input.referenceCode);
  // 3. base.
  const base = subTotal - discount + transactionFee;
  // 4. payment-method fees on the base.
  const fixedPercentageFees = divRoundHalfUp(base * percentageBasisPoints, BASIS_POINTS);
  const paymentAmount = base + fixedPercentageFees + fixedCentsFees;

  const code = input.referenceCode;
  const bonusUnits = code && code.codeType === 'BONUS' ? toWhole(code.bonusUnits ?? 0, 'bonus units') : 0n;
  const bonusValue = divRoundHalfUp(bonusUnits * micros, MICROS_PER_CENT);

  return {
    subTotal,
    discount,
    transactionFee,
    base,
    paymentMethodFees: { fixedPercentageFees, fixedCentsFees },
    paymentAmount,
    bonusUnits,
    bonusValue,
  };
}

export interface SellPayoutInput {
  units: number | bigint;
  price: Price;
  sellFeeUnits: number | bigint;
}

/**
 * Money paid out for a sale: (units − sell fee) × price, half-up to the cent. A sale of no more
 * Units than the fee is refused with a `MoneyRuleError` (SELL_BELOW_FEE).
 */
export function sellPayout(input: SellPayoutInput): bigint {
  const units = toWhole(input.units, 'units');
  const fee = toWhole(input.sellFeeUnits, 'sell fee');
  if (units <= fee) throw new MoneyRuleError('SELL_BELOW_FEE', MONEY_MESSAGES.sellMoreThanFee(fee));
  return divRoundHalfUp((units - fee) * priceToMicros(input.price), MICROS_PER_CENT);
}

/** A GBP-based rate table: how many of each currency one GBP buys. */
export type ExchangeRates = Readonly<Record<Currency, string>>;

/** rate(A→B) = rate[B] / rate[A], exactly, as a fraction. */
export function exchangeRateExact(from: Currency, to: Currency, rates: ExchangeRates): Rational {
  const a = parseDecimal(rates[from], `${from} rate`);
  const b = parseDecimal(rates[to], `${to} rate`);
  if (a.num === 0n || b.num === 0n) throw new RangeError('Exchange rates must be positive');
  return { num: b.num * a.den, den: b.den * a.num };
}

/**
 * rate(A→B) as a decimal string, rounded half-up to `places` (6 by default). For display and to
 * record on an order only: USD→EUR is 1.19 / 1.24 = 0.95967741935…, which no decimal writes
 * exactly, so the arithmetic uses `exchangeRateExact` instead.
 */
export function exchangeRate(from: Currency, to: Currency, rates: ExchangeRates, places = 6): string {
  return rationalToDecimal(exchangeRateExact(from, to, rates), places);
}

export interface ConvertInput {
  units: number | bigint;
  priceFrom: Price;
  priceTo: Price;
  /** GBP-based rate of the currency converted from ('1' for GBP). */
  rateFrom: string;
  /** GBP-based rate of the currency converted to. */
  rateTo: string;
  convertFeeUnits: number | bigint;
}

export interface ConvertResult {
  /** floor(units × priceFrom × rate(A→B) / priceTo): Units of B before the fee. */
  grossUnits: bigint;
  feeUnits: bigint;
  /** Units of B the user receives (locked for convertLockDays). */
  unitsOut: bigint;
  /** The part of a Unit of B the floor drops, exactly: units × priceFrom × rate(A→B) / priceTo − grossUnits, in [0, 1). */
  lostToRounding: Rational;
}

/**
 * Units of B for `units` of A (PRODUCT-DECISIONS §3):
 * unitsOut = floor(units × priceA × rate[B] / (rate[A] × priceB)) − fee, computed as one exact
 * fraction of bigints and floored once, so a conversion never creates value. A conversion that
 * would give fewer than 1 Unit is refused with a `MoneyRuleError` (CONVERT_TOO_SMALL).
 */
export function convertUnits(input: ConvertInput): ConvertResult {
  const units = toWhole(input.units, 'units');
  const feeUnits = toWhole(input.convertFeeUnits, 'convert fee');
  const priceFrom = priceToMicros(input.priceFrom);
  const priceTo = priceToMicros(input.priceTo);
  const rateFrom = parseDecimal(input.rateFrom, 'rate from');
  const rateTo = parseDecimal(input.rateTo, 'rate to');
  if (priceTo === 0n || rateFrom.num === 0n || rateTo.num === 0n) throw new RangeError('Prices and rates must be positive');
  const num = units * priceFrom * rateTo.num * rateFrom.den;
  const den = priceTo * rateTo.den * rateFrom.num;
  const grossUnits = divFloor(num, den);
  const unitsOut = grossUnits - feeUnits;
  if (unitsOut < 1n) throw new MoneyRuleError('CONVERT_TOO_SMALL', MONEY_MESSAGES.convertTooSmall);
  return { grossUnits, feeUnits, unitsOut, lostToRounding: { num: num - grossUnits * den, den } };
}
