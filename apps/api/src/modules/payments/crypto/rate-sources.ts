import { coinPriceIn, rationalToDecimal, toCoinPrice, type CryptoKind, type Currency } from '@landunits/domain';
import { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/client';
import { currentStoredMoneySettings, moneySettingsOn } from '../../pricing';

/**
 * Where a crypto buy's coin price comes from (decision 0069). One interface, two sources: the
 * price an admin sets in the money settings (the default), and a rate provider with a
 * CoinGecko-compatible API (CRYPTO_RATES_URL). A source that cannot give a fresh price says so
 * (`CoinRateUnavailable`); it never guesses.
 */

export interface CoinRate {
  /** One coin in `currency`, 2 places. */
  price: string;
  /** When the source set or published the price; null: an admin's default never changed. */
  at: Date | null;
  /** Shown to the buyer: 'Land Units' or the provider's name. */
  source: string;
}

export interface CoinRateSource {
  rate(coin: CryptoKind, currency: Currency): Promise<CoinRate>;
}

export class CoinRateUnavailable extends Error {
  constructor(reason: string) {
    super(`No coin rate: ${reason}`);
    this.name = 'CoinRateUnavailable';
  }
}

/** The admin's price of one coin in GBP (money settings), in the order's currency by the settings' exchange rate. */
export function adminRateSource(db: Db, clock: Clock): CoinRateSource {
  return {
    async rate(coin, currency) {
      const now = clock.now();
      const stored = await currentStoredMoneySettings(db, now);
      const settings = moneySettingsOn(stored, now);
      const gbpCents = settings.cryptoPricesGbpInCents[coin];
      if (!gbpCents) throw new CoinRateUnavailable(`no ${coin} price is set`);
      const gbpPrice = rationalToDecimal({ num: BigInt(gbpCents), den: 100n }, 2);
      return { price: coinPriceIn(gbpPrice, settings.exchangeRates[currency]), at: stored.updatedAts.money, source: 'Land Units' };
    },
  };
}

/** A provider's price older than this is not quoted. */
export const PROVIDER_PRICE_MAX_AGE_MS = 10 * 60_000;
/** How long this process reuses a provider's answer for the same coin and currency. */
export const PROVIDER_CACHE_MS = 60_000;
const PROVIDER_TIMEOUT_MS = 5_000;
/** How far ahead of this server's clock a provider's price time may be. */
const PROVIDER_CLOCK_DRIFT_MS = 60_000;

const PROVIDER_IDS: Readonly<Record<CryptoKind, string>> = { BITCOIN: 'bitcoin', ETHER: 'ethereum' };

/** `/simple/price`'s answer for one coin: the price per lower-case currency and when it was last updated (Unix seconds). */
const SimplePriceSchema = z.record(z.string(), z.object({ last_updated_at: z.number().int().positive() }).catchall(z.number().positive()));

export interface ProviderOptions {
  /** The API's base, e.g. https://api.coingecko.com/api/v3. */
  url: string;
  apiKey: string | null;
  clock: Clock;
  fetch?: typeof fetch;
}

/**
 * A CoinGecko-compatible `/simple/price` endpoint. The key goes in `x-cg-pro-api-key` on a pro-api
 * host, else in `x-cg-demo-api-key`. An answer is reused for PROVIDER_CACHE_MS, and buyers asking
 * while a request is under way share it, so each coin and currency is asked at most once a minute;
 * a price older than PROVIDER_PRICE_MAX_AGE_MS or dated ahead of this clock, a timeout, an error
 * status or a malformed answer is unavailable (and not kept).
 */
export function providerRateSource({ url, apiKey, clock, fetch: get = fetch }: ProviderOptions): CoinRateSource {
  const cache = new Map<string, { rate: CoinRate; from: number; until: number }>();
  // Requests under way, per coin and currency: buyers asking at the same moment share one.
  const asking = new Map<string, Promise<CoinRate>>();
  const base = url.replace(/\/+$/, '');
  const keyHeader = new URL(base).hostname.startsWith('pro-api.') ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key';

  async function ask(coin: CryptoKind, currency: Currency, now: number): Promise<CoinRate> {
    const id = PROVIDER_IDS[coin];
    const vs = currency.toLowerCase();
    const query = new URLSearchParams({ ids: id, vs_currencies: vs, include_last_updated_at: 'true', precision: '2' });
    let body: unknown;
    try {
      const res = await get(`${base}/simple/price?${query}`, {
        headers: { accept: 'application/json', ...(apiKey ? { [keyHeader]: apiKey } : {}) },
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      if (!res.ok) throw new CoinRateUnavailable(`the provider answered ${res.status}`);
      body = await res.json();
    } catch (err) {
      if (err instanceof CoinRateUnavailable) throw err;
      throw new CoinRateUnavailable(`the provider could not be reached (${(err as Error).message})`);
    }
    const parsed = SimplePriceSchema.safeParse(body);
    const entry = parsed.success ? parsed.data[id] : undefined;
    const value = entry?.[vs];
    if (!entry || typeof value !== 'number') throw new CoinRateUnavailable(`the provider gave no ${id} price in ${vs}`);
    const at = new Date(entry.last_updated_at * 1000);
    if (now - at.getTime() > PROVIDER_PRICE_MAX_AGE_MS) throw new CoinRateUnavailable(`the provider's ${id} price is from ${at.toISOString()}`);
    // A time ahead of ours by more than a clock's drift is not a price to trust either.
    if (at.getTime() - now > PROVIDER_CLOCK_DRIFT_MS) throw new CoinRateUnavailable(`the provider's ${id} price is dated ahead, ${at.toISOString()}`);
    let price: string;
    try {
      // A JSON number's shortest spelling: with precision=2 it has at most 2 places.
      price = toCoinPrice(String(value));
    } catch {
      throw new CoinRateUnavailable(`the provider's ${id} price is not a decimal: ${value}`);
    }
    return { price, at, source: 'CoinGecko' };
  }

  return {
    async rate(coin, currency) {
      const now = clock.now().getTime();
      const key = `${coin}:${currency}`;
      const kept = cache.get(key);
      // A clock that went back (tests) finds nothing kept.
      if (kept && now >= kept.from && now < kept.until) return kept.rate;
      const pending = asking.get(key);
      if (pending) return pending;
      const request = ask(coin, currency, now)
        .then((rate) => {
          cache.set(key, { rate, from: now, until: now + PROVIDER_CACHE_MS });
          return rate;
        })
        .finally(() => asking.delete(key));
      asking.set(key, request);
      return request;
    },
  };
}
