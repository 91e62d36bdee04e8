import {
  CURRENCIES,
  CURRENCY_SYMBOLS,
  DEFAULT_MONEY_SETTINGS,
  DOUBLE_LAND_LOCK_MONTHS,
  DOUBLE_LAND_TRANCHES,
  formatMoney,
  formatUnits,
  parseDecimal,
  purchaseLimitInCents,
  rationalToDecimal,
  type Currency,
} from '@landunits/domain';

/**
 * The figures the information pages quote, taken from the domain's default money settings and
 * rules instead of being typed into the text. They are defaults an admin can change; the pages
 * that show stored values (/fees, /statistics) are linked wherever a figure appears.
 */

const S = DEFAULT_MONEY_SETTINGS;

/** An exact fraction as a short percent: 15/2 → '7.5', 8474/100 → '84.74'. */
function percent(num: bigint, den: bigint): string {
  return rationalToDecimal({ num, den }, 4).replace(/\.?0+$/, '');
}

const growth = parseDecimal(S.growthPerYear, 'growth');

/** '7.5': the default yearly growth of the Unit price, in percent. */
export const GROWTH_PERCENT = percent(growth.num * 100n, growth.den);

/** '84.74': the share of the land value that Units outstanding may be worth. */
export const MAX_FOR_SALE_PERCENT = percent(BigInt(S.maxLandUnitsForSaleBasisPoints), 100n);

/** '10': the sale fee, in Units. */
export const SELL_FEE_UNITS = formatUnits(S.sellOrderTransactionFeeInUnits);

/** Days converted Units, and bonus Units, stay locked. */
export const CONVERT_LOCK_DAYS = S.convertLockDays;
export const BONUS_LOCK_DAYS = S.bonusLockDays;

/** Hours an unpaid card or crypto buy waits before it expires. */
export const BUY_EXPIRY_HOURS = S.buyOrderExpiryHours;

/**
 * How long a bank buy has to be paid, by currency, fewest days first, currencies with the same
 * days together: { GBP: 1, USD: 4, EUR: 2, AUD: 4 } → '1 business day for GBP, 2 for EUR, 4 for USD
 * and AUD'; the same days everywhere → '2 business days'.
 */
export function bankPaymentDaysText(days: Readonly<Record<Currency, number>>): string {
  const counts = [...new Set(CURRENCIES.map((currency) => days[currency]))].sort((a, b) => a - b);
  const unit = (n: number) => (n === 1 ? 'business day' : 'business days');
  if (counts.length === 1) return `${counts[0]} ${unit(counts[0]!)}`;
  return counts
    .map((n, index) => {
      const currencies = CURRENCIES.filter((currency) => days[currency] === n);
      const list = currencies.length < 2 ? currencies.join('') : `${currencies.slice(0, -1).join(', ')} and ${currencies[currencies.length - 1]}`;
      return `${n}${index === 0 ? ` ${unit(n)}` : ''} for ${list}`;
    })
    .join(', ');
}

/** '1 business day for GBP, 2 for EUR, 4 for USD and AUD': the default bank transfer deadlines (business days are Monday to Friday, UTC). */
export const BANK_PAYMENT_DAYS = bankPaymentDaysText(S.bankPaymentBusinessDays);

export const DOUBLE_LAND_MONTHS = DOUBLE_LAND_LOCK_MONTHS;
/** '10': the share of an LU2X purchase that unlocks each month, in percent. */
export const DOUBLE_LAND_MONTHLY_PERCENT = percent(100n, BigInt(DOUBLE_LAND_TRANCHES));

/** 'a, b, c or d'. */
export function orList(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** The same amount in each currency: '£1.00, $1.00, €1.00 or A$1.00'. */
export function inEachCurrency(cents: number | bigint | Readonly<Record<Currency, number>>): string {
  return orList(CURRENCIES.map((currency) => formatMoney(typeof cents === 'object' ? cents[currency] : cents, currency)));
}

/** An amount without a currency symbol, for "per currency" limits: 100000000 → '1,000,000.00'. */
export function plainAmount(cents: number | bigint): string {
  return formatMoney(cents, 'GBP').slice(CURRENCY_SYMBOLS.GBP.length);
}

/** '£1.00, $1.00, €1.00 or A$1.00': the purchase fee per order. */
export const BUY_FEES = inEachCurrency(S.buyOrderTransactionFeeInCents);

/** Purchase limits per currency (PRODUCT-DECISIONS §4), from the domain's own rule. */
export const PURCHASE_LIMITS = {
  emailVerified: plainAmount(purchaseLimitInCents({ userType: 'USER', profileApproved: false }, S)),
  profileApproved: plainAmount(purchaseLimitInCents({ userType: 'USER', profileApproved: true }, S)),
  businessApproved: plainAmount(purchaseLimitInCents({ userType: 'BUSINESS', profileApproved: true }, S)),
} as const;
