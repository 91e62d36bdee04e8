import { z } from 'zod';

/**
 * Exact arithmetic for money, units, prices and rates. Nothing here touches a binary float:
 * decimals are parsed from their digits into bigints and every division says how it rounds.
 *
 * Canonical forms:
 * - money: integer cents, `bigint` (`number` accepted on input when it is a safe integer);
 * - units: whole numbers, same rule;
 * - price: a decimal string with exactly 6 places (`'1.146213'`), the `Price` type. It is what the
 *   API sends, what PostgreSQL stores in `numeric(18,6)` and what people read. For arithmetic it is
 *   turned into integer micro-units (`priceToMicros('1.146213') === 1_146_213n`) and back with
 *   `microsToPrice`;
 * - rates and percentages: decimal strings, turned into exact fractions (`Rational`).
 */

/** A price with exactly 6 decimal places, e.g. `'1.146213'`. Validate with `PriceSchema`. */
export type Price = string;

export const MICROS_PER_UNIT = 1_000_000n;
/** A price in micro-units times a number of units, divided by this, is cents. */
export const MICROS_PER_CENT = 10_000n;

const PRICE_CANONICAL = /^\d{1,12}\.\d{6}$/;
const PRICE_LENIENT = /^(\d{1,12})(?:\.(\d{1,6}))?$/;
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export const PRICE_MESSAGE = 'Price must be a decimal with 6 places, e.g. 1.000000';

/** A canonical price: digits, a point and exactly 6 decimals; zero allowed by the shape. */
export const PriceSchema = /* @__PURE__ */ z.string().regex(PRICE_CANONICAL, PRICE_MESSAGE);

/** `'1.146213'` (or `'1.5'`, `'2'`: up to 6 places) → `1_146_213n`. More places are refused, never rounded away. */
export function priceToMicros(price: Price): bigint {
  const match = typeof price === 'string' ? PRICE_LENIENT.exec(price) : null;
  if (!match) throw new RangeError(`Not a price with at most 6 decimal places: ${String(price)}`);
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * MICROS_PER_UNIT + BigInt(fraction.padEnd(6, '0'));
}

/** `1_146_213n` → `'1.146213'`, always 6 places. */
export function microsToPrice(micros: bigint): Price {
  if (micros < 0n) throw new RangeError(`A price cannot be negative: ${micros}`);
  const whole = micros / MICROS_PER_UNIT;
  const fraction = (micros % MICROS_PER_UNIT).toString().padStart(6, '0');
  return `${whole}.${fraction}`;
}

/** Any accepted price spelling → its canonical 6-place form: `'1.5'` → `'1.500000'`. */
export function normalizePrice(price: Price): Price {
  return microsToPrice(priceToMicros(price));
}

/** An exact non-negative fraction; `den` is always > 0. */
export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

/**
 * A non-negative decimal written in plain digits (`'1.99'`, `'0.075'`, `'12'`) or a safe integer
 * number → an exact fraction. Non-integer numbers are refused: a float has already lost digits.
 */
export function parseDecimal(value: string | number | bigint, what = 'value'): Rational {
  if (typeof value === 'bigint') {
    if (value < 0n) throw new RangeError(`${what} cannot be negative: ${value}`);
    return { num: value, den: 1n };
  }
  if (typeof value === 'number') return { num: toWhole(value, what), den: 1n };
  const match = typeof value === 'string' ? DECIMAL.exec(value.trim()) : null;
  if (!match) throw new RangeError(`${what} must be a non-negative decimal in plain digits, got ${String(value)}`);
  const [, whole = '0', fraction = ''] = match;
  return { num: BigInt(whole + fraction), den: 10n ** BigInt(fraction.length) };
}

/** A whole, non-negative quantity (units, cents, basis points) as a bigint; floats and unsafe integers refused. */
export function toWhole(value: number | bigint, what = 'value'): bigint {
  let whole: bigint;
  if (typeof value === 'bigint') whole = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) whole = BigInt(value);
  else throw new RangeError(`${what} must be a whole number (safe integer or bigint), got ${String(value)}`);
  if (whole < 0n) throw new RangeError(`${what} cannot be negative: ${whole}`);
  return whole;
}

/** A bigint that fits a JSON number without loss, as a number; throws otherwise. */
export function toSafeNumber(value: bigint, what = 'value'): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${what} is too large for a JSON number: ${value}`);
  }
  return Number(value);
}

/** round(num / den) half-up, for num ≥ 0 and den > 0. */
export function divRoundHalfUp(num: bigint, den: bigint): bigint {
  if (den <= 0n || num < 0n) throw new RangeError('divRoundHalfUp takes num ≥ 0 and den > 0');
  return (2n * num + den) / (2n * den);
}

/** floor(num / den), for num ≥ 0 and den > 0. */
export function divFloor(num: bigint, den: bigint): bigint {
  if (den <= 0n || num < 0n) throw new RangeError('divFloor takes num ≥ 0 and den > 0');
  return num / den;
}

/** A fraction written as a decimal rounded half-up to `places` (exact when it terminates there). */
export function rationalToDecimal(value: Rational, places: number): string {
  if (!Number.isInteger(places) || places < 0) throw new RangeError(`places must be a whole number, got ${places}`);
  const scaled = divRoundHalfUp(value.num * 10n ** BigInt(places), value.den).toString();
  if (places === 0) return scaled;
  const padded = scaled.padStart(places + 1, '0');
  return `${padded.slice(0, -places)}.${padded.slice(-places)}`;
}
