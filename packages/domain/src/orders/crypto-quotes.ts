import { z } from 'zod';
import { divRoundHalfUp, parseDecimal, rationalToDecimal, toWhole } from '../money/decimal';
import { CURRENCIES } from '../money/unit-types';
import { CRYPTO_KINDS, type CryptoKind } from './status';

/**
 * The coin amount of a crypto buy (decision 0069): the order's payment amount, in its currency,
 * divided by a coin's price from a rate source, rounded up to the coin's smallest quoted step, and
 * held for CRYPTO_QUOTE_MINUTES. Exact decimals throughout: a coin price is a decimal string with
 * 2 places (currency per coin), a coin amount a decimal string with 8.
 */

/** How long a quoted coin amount holds. */
export const CRYPTO_QUOTE_MINUTES = 15;
/** Places of a quoted coin amount: Bitcoin's satoshi; Ether is quoted to the same step. */
export const COIN_AMOUNT_PLACES = 8;
/** A coin price's places: cents of the order's currency per coin. */
export const COIN_PRICE_PLACES = 2;

export const COIN_SYMBOLS: Readonly<Record<CryptoKind, string>> = { BITCOIN: 'BTC', ETHER: 'ETH' };

/** The smallest unit of each coin in one coin: satoshi, wei. */
const SMALLEST_PER_COIN: Readonly<Record<CryptoKind, bigint>> = { BITCOIN: 10n ** 8n, ETHER: 10n ** 18n };

const COIN_PRICE = /^\d{1,12}\.\d{2}$/;
const COIN_AMOUNT = /^\d{1,12}\.\d{8}$/;

/** A coin's price in a currency: `'65000.00'`. */
export const CoinPriceSchema = /* @__PURE__ */ z.string().max(16).regex(COIN_PRICE, 'Coin price must be a decimal with 2 places, e.g. 65000.00');

/** A decimal → its canonical coin price (2 places, half-up); throws on 0 or on a value that is not a plain decimal. */
export function toCoinPrice(value: string): string {
  const price = rationalToDecimal(parseDecimal(value, 'coin price'), COIN_PRICE_PLACES);
  if (!/[1-9]/.test(price)) throw new RangeError(`A coin price must be above 0, got ${value}`);
  return price;
}

/**
 * A coin's price in GBP times the currency's rate (how many of it one GBP buys), rounded **down**
 * to the cent: a lower price is more coins, so the coins sent never fall short by this rounding.
 */
export function coinPriceIn(gbpPrice: string, rate: string): string {
  const price = parseDecimal(gbpPrice, 'coin price');
  const r = parseDecimal(rate, 'exchange rate');
  const step = 10n ** BigInt(COIN_PRICE_PLACES);
  const cents = (price.num * r.num * step) / (price.den * r.den);
  return toCoinPrice(rationalToDecimal({ num: cents, den: step }, COIN_PRICE_PLACES));
}

/**
 * `paymentCents` of a currency in a coin at `coinPrice` (currency per coin), rounded **up** to
 * 10^-8 coin, so the amount sent never falls short of the order by rounding: 23288 cents at
 * 65000.00 → '0.00358277'.
 */
export function coinAmountFor(paymentCents: number, coinPrice: string): string {
  const cents = toWhole(paymentCents, 'payment amount');
  const price = parseDecimal(coinPrice, 'coin price');
  if (price.num === 0n) throw new RangeError('A coin price must be above 0');
  // coins = (cents / 100) / (num / den); in steps of 10^-8: cents × den × 10^8 / (100 × num), rounded up.
  const num = cents * price.den * 10n ** BigInt(COIN_AMOUNT_PLACES);
  const den = 100n * price.num;
  const steps = (num + den - 1n) / den;
  return rationalToDecimal({ num: steps, den: 10n ** BigInt(COIN_AMOUNT_PLACES) }, COIN_AMOUNT_PLACES);
}

/** A coin amount in the coin's smallest unit (satoshi, wei) as digits. */
export function smallestUnitsOf(coin: CryptoKind, amount: string): string {
  const { num, den } = parseDecimal(amount, 'coin amount');
  return divRoundHalfUp(num * SMALLEST_PER_COIN[coin], den).toString();
}

/**
 * The payment request a wallet opens from the QR code: BIP 21 for Bitcoin
 * (`bitcoin:<address>?amount=0.00358277`), EIP 681 for Ether (`ethereum:<address>?value=<wei>`).
 */
export function paymentUri(coin: CryptoKind, address: string, amount: string): string {
  if (coin === 'BITCOIN') return `bitcoin:${address}?amount=${amount}`;
  return `ethereum:${address}?value=${smallestUnitsOf(coin, amount)}`;
}

/** When a quote made at `quotedAt` stops holding: CRYPTO_QUOTE_MINUTES on, or the order's own deadline if that comes first. */
export function cryptoQuoteExpiresAt(quotedAt: Date, orderDueAt: Date | null = null): Date {
  const end = quotedAt.getTime() + CRYPTO_QUOTE_MINUTES * 60_000;
  return new Date(orderDueAt ? Math.min(end, orderDueAt.getTime()) : end);
}

/** Whole seconds a quote still holds at `now` (0 once expired). */
export function quoteSecondsLeft(expiresAt: string | Date, now: Date): number {
  const left = new Date(expiresAt).getTime() - now.getTime();
  return left > 0 ? Math.floor(left / 1000) : 0;
}

const isoDateTime = () => z.string().max(40).datetime({ offset: true });

/** A coin amount as stored on the order and shown (OrderView.buy.cryptoQuote). */
export const CryptoQuoteSchema = /* @__PURE__ */ z.object({
  coin: z.enum(CRYPTO_KINDS),
  currency: z.enum(CURRENCIES),
  /** The order's amount the coins pay for, in cents of `currency`. */
  paymentAmount: z.number().int().nonnegative(),
  /** The coins to send: 8 places. */
  coinAmount: z.string().max(24).regex(COIN_AMOUNT),
  /** One coin in the order's currency, 2 places. */
  coinPrice: CoinPriceSchema,
  /** Where the price came from: 'Land Units' (set by an admin) or the rate provider's name. */
  rateSource: z.string().max(60),
  /** When the source set or published the price (null: an admin's default never changed). */
  rateAt: isoDateTime().nullable(),
  quotedAt: isoDateTime(),
  expiresAt: isoDateTime(),
});
export type CryptoQuote = z.infer<typeof CryptoQuoteSchema>;

/** POST /api/order/crypto_quote's answer: the quote in force, with what the page's countdown needs. */
export const CryptoQuoteAnswerSchema = /* @__PURE__ */ z.object({
  quote: CryptoQuoteSchema,
  /** Seconds the quote still holds by the server's clock (the page counts down from here, whatever its own clock says). */
  secondsLeft: z.number().int().nonnegative(),
  /** What the QR code holds: the wallet, the coin and the amount. */
  paymentUri: z.string().max(300),
  /** The payment request as a QR code (SVG markup, drawn by the server). */
  qrCodeSvg: z.string().max(50_000),
});
export type CryptoQuoteAnswer = z.infer<typeof CryptoQuoteAnswerSchema>;

export const CRYPTO_QUOTE_MESSAGES = {
  notCrypto: 'This order is not paid in crypto.',
  notAwaiting: 'This order is no longer waiting for a payment.',
  noWallet: 'Our wallet address is not set. Please contact us.',
  rateUnavailable: 'We could not get a rate for this coin just now. Please try again in a minute.',
  amountChanged: 'The order’s amount has just changed. Please get a new amount.',
} as const;
