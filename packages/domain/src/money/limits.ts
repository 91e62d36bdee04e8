import type { Currency } from '../format/format';
import type { UserType } from '../validation/auth';
import { divFloor, divRoundHalfUp, parseDecimal, priceToMicros, toWhole, type Price } from './decimal';
import { MONEY_MESSAGES } from './messages';
import type { MoneySettings } from './settings';

/**
 * Limits on buying and converting (PRODUCT-DECISIONS §1, §4). Each `check…` answers
 * `{ ok: true }` or `{ ok: false, message }` with the SPEC §5 text, and the figure behind it.
 */

export type LimitCheck = { ok: true } | { ok: false; message: string; max: bigint };

/**
 * Land value in a currency = GBP land value × that currency's GBP rate, rounded half-up to the
 * cent. With the defaults every product is exact: GBP 8,473,900 × 1.99 / 1.19 / 1.24 gives the
 * SPEC §9 figures AUD 16,863,061, EUR 10,083,941 and USD 10,507,636 to the cent.
 */
export function landValueInCents(currency: Currency, settings: Pick<MoneySettings, 'landValueGbpInCents' | 'exchangeRates'>): bigint {
  const rate = parseDecimal(settings.exchangeRates[currency], `${currency} rate`);
  return divRoundHalfUp(toWhole(settings.landValueGbpInCents, 'land value') * rate.num, rate.den);
}

export interface SupplyCapInput {
  /** Units of this type outstanding: owned in every bucket plus pending buys. */
  outstandingUnits: number | bigint;
  /** Today's price of this unit type. */
  price: Price;
  /** Land value in this unit type's currency, in cents (`landValueInCents`). */
  landValueCents: number | bigint;
  /** Share of the land value that may be outstanding, in basis points (8474 = 84.74 %). */
  maxForSaleBasisPoints: number | bigint;
}

/**
 * Units still buyable under the supply cap, outstanding × price ≤ land value × max-for-sale:
 * floor(landValueCents × basisPoints / price in micro-cents) − outstanding, never below 0.
 * Exact: (outstanding + n) × micros / 10^4 ≤ cents × bp / 10^4  ⇔  (outstanding + n) × micros ≤ cents × bp.
 */
export function supplyCapRemaining(input: SupplyCapInput): bigint {
  const micros = priceToMicros(input.price);
  if (micros === 0n) throw new RangeError('The price must be positive');
  const outstanding = toWhole(input.outstandingUnits, 'outstanding units');
  const maxTotal = divFloor(toWhole(input.landValueCents, 'land value') * toWhole(input.maxForSaleBasisPoints, 'max for sale'), micros);
  return maxTotal > outstanding ? maxTotal - outstanding : 0n;
}

/** 'You can only buy up to N units' when `requestedUnits` exceed what the cap leaves. */
export function checkSupplyCap(input: SupplyCapInput & { requestedUnits: number | bigint }): LimitCheck {
  const max = supplyCapRemaining(input);
  return toWhole(input.requestedUnits, 'requested units') <= max ? { ok: true } : { ok: false, message: MONEY_MESSAGES.buyUpTo(max), max };
}

export interface PurchaseLimitProfile {
  userType: UserType;
  /** Profile verification (KYC) Approved. */
  profileApproved: boolean;
  /** An admin's per-user limit, in cents; replaces the tier's when set. */
  overrideInCents?: number | bigint | null;
}

/**
 * The user's purchase limit in cents of any one currency: email-verified only → 1,000.00;
 * profile Approved → 100,000.00; BUSINESS with profile Approved → 1,000,000.00 (defaults).
 */
export function purchaseLimitInCents(profile: PurchaseLimitProfile, settings: Pick<MoneySettings, 'purchaseLimitsInCents'>): bigint {
  if (profile.overrideInCents !== undefined && profile.overrideInCents !== null) return toWhole(profile.overrideInCents, 'override');
  const limits = settings.purchaseLimitsInCents;
  if (!profile.profileApproved) return BigInt(limits.emailVerified);
  return BigInt(profile.userType === 'BUSINESS' ? limits.businessApproved : limits.profileApproved);
}

export interface PurchaseLimitInput {
  limitInCents: number | bigint;
  /** This order's paymentAmount, in cents. */
  orderInCents: number | bigint;
  /** Sum of paymentAmount of the user's unapproved buys in the same currency (`countsAsUnapprovedBuy`). */
  unapprovedInCents: number | bigint;
  currency: Currency;
}

/** 'Your current purchase limit is X, …' when this order plus unapproved buys exceed the limit. */
export function checkPurchaseLimit(input: PurchaseLimitInput): LimitCheck {
  const limit = toWhole(input.limitInCents, 'limit');
  const used = toWhole(input.unapprovedInCents, 'unapproved purchases');
  const total = toWhole(input.orderInCents, 'order') + used;
  if (total <= limit) return { ok: true };
  return { ok: false, message: MONEY_MESSAGES.purchaseLimit(limit, input.currency), max: limit > used ? limit - used : 0n };
}

/** 'You can only convert up to N units' when more than the convertible (owned, unlocked) Units are asked for. */
export function checkConvertLimit(input: { requestedUnits: number | bigint; availableUnits: number | bigint }): LimitCheck {
  const max = toWhole(input.availableUnits, 'available units');
  return toWhole(input.requestedUnits, 'requested units') <= max ? { ok: true } : { ok: false, message: MONEY_MESSAGES.convertUpTo(max), max };
}

/** Units left in the LU2X offer: cap − sold, never below 0. */
export function doubleLandRemaining(input: { soldUnits: number | bigint; capUnits: number | bigint }): bigint {
  const sold = toWhole(input.soldUnits, 'sold units');
  const cap = toWhole(input.capUnits, 'offer cap');
  return cap > sold ? cap - sold : 0n;
}

/** 'Maximum remaining units in the LU2X offer: N' when the offer cannot cover `requestedUnits`. */
export function checkDoubleLandCap(input: { requestedUnits: number | bigint; soldUnits: number | bigint; capUnits: number | bigint }): LimitCheck {
  const max = doubleLandRemaining(input);
  return toWhole(input.requestedUnits, 'requested units') <= max ? { ok: true } : { ok: false, message: MONEY_MESSAGES.doubleLandRemaining(max), max };
}
