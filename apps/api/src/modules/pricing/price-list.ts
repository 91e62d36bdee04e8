import { createHash } from 'node:crypto';
import {
  BUY_PAYMENT_METHODS,
  formatDate,
  nextPriceChangeAt,
  pricesOn,
  priceTermsOn,
  startOfUtcDay,
  UNIT_TYPE_INFO,
  UNIT_TYPES,
  type CompanyDetails,
  type ExternalFee,
  type MoneySettings,
  type BuyPaymentMethod,
  type PriceListBody,
  type UnitPrice,
  type UnitType,
} from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { loadMoneySettings, type StoredMoneySettings } from './get-money-settings';
import { SettingsCache } from './settings-cache';

/**
 * Today's price list (GET /api/order/get_price), computed once per UTC day per settings version
 * and kept in memory, per database handle.
 *
 * - The day comes from the caller's clock (`ctx.clock`); the list is valid from 00:00 UTC to the
 *   next 00:00 UTC (`nextPriceChangeAt`) and is rebuilt for the next day on first use.
 * - The settings behind it are read again at most every `SETTINGS_TTL_MS` (settings-cache.ts); the list is rebuilt
 *   only when the row's version or updated_at differ. `updateMoneySettings` drops the cache of
 *   its process at once, so this instance answers with the new settings on the next request;
 *   other instances pick the change up within the TTL.
 * - The JSON text and its ETag are made when the list is built, so a request serialises nothing.
 */

export type { BuyPaymentMethod, PriceListBody, UnitPrice };

export interface PriceList {
  readonly body: PriceListBody;
  /** `body` as JSON text. */
  readonly json: string;
  /** `json` encoded once, sent as is. */
  readonly payload: Buffer;
  /** Strong validator of `json`: the day and a hash of the content. */
  readonly etag: string;
  /** 00:00 UTC of the price day and of the next one, in ms. */
  readonly validFrom: number;
  readonly validUntil: number;
  /** The settings version the list was built from (0: the defaults). */
  readonly version: number;
}

/** The price list of the UTC day of `now` under `settings`: pure, no cache. */
export function buildPriceList(settings: MoneySettings, now: Date, version = 0): PriceList {
  const day = startOfUtcDay(now);
  const next = nextPriceChangeAt(now);
  const prices = pricesOn(day, settings);
  const body: PriceListBody = {
    prices: Object.fromEntries(
      UNIT_TYPES.map((type) => {
        const { currency, symbol } = UNIT_TYPE_INFO[type];
        const price: UnitPrice = {
          pricePerUnit: prices[type],
          buyOrderTransactionFeeInCents: settings.buyOrderTransactionFeeInCents[currency],
          sellOrderTransactionFeeInUnits: settings.sellOrderTransactionFeeInUnits,
          convertOrderTransactionFeeInUnits: settings.convertOrderTransactionFeeInUnits,
          currency,
          symbol,
        };
        return [type, price];
      }),
    ) as Record<UnitType, UnitPrice>,
    externalFees: Object.fromEntries(
      BUY_PAYMENT_METHODS.map((method) => {
        const { fixedPercentageFees, fixedCentsFees } = settings.externalFees[method];
        return [method, { fixedPercentageFees, fixedCentsFees }];
      }),
    ) as Record<BuyPaymentMethod, ExternalFee>,
    priceDate: formatDate(day, 'YYYY-MM-DD'),
    nextChangeAt: next.toISOString(),
  };
  const json = JSON.stringify(body);
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 16);
  return {
    body,
    json,
    payload: Buffer.from(json, 'utf8'),
    etag: `"${body.priceDate}-${hash}"`,
    validFrom: day.getTime(),
    validUntil: next.getTime(),
    version,
  };
}

const moneySettings = new SettingsCache(loadMoneySettings);

/** The day's list and the settings object it was built from, per database handle. */
const lists = new WeakMap<Db, { list: PriceList; from: StoredMoneySettings }>();

/**
 * The cached list when it is valid for `now` and its settings are within the TTL; otherwise
 * undefined (then `currentPriceList`). Synchronous, for the request path.
 */
export function cachedPriceList(db: Db, now: Date): PriceList | undefined {
  const built = lists.get(db);
  const time = now.getTime();
  if (!built || built.from !== moneySettings.fresh(db, time)) return undefined;
  return time >= built.list.validFrom && time < built.list.validUntil ? built.list : undefined;
}

/** Today's price list for the clock's `now`: from the cache when it is still valid, else read and built. */
export async function currentPriceList(db: Db, now: Date): Promise<PriceList> {
  const cached = cachedPriceList(db, now);
  if (cached) return cached;
  const time = now.getTime();
  const found = moneySettings.current(db, time);
  const stored = found instanceof Promise ? await found : found;
  const built = lists.get(db);
  if (built && built.from === stored && time >= built.list.validFrom && time < built.list.validUntil) return built.list;
  const list = buildPriceList(moneySettingsOn(stored, now), now, stored.version);
  // A read overtaken by a write is answered but not kept.
  if (moneySettings.holds(db, stored)) lists.set(db, { list, from: stored });
  return list;
}

/** Bumped on every write in this process, per database handle: pages rendered before it are stale. */
const generations = new WeakMap<Db, number>();

/** Drops this process's cached settings and list for `db` (after a write), and marks the write. */
export function forgetPriceList(db: Db): void {
  moneySettings.forget(db);
  lists.delete(db);
  generations.set(db, (generations.get(db) ?? 0) + 1);
}

/**
 * How many settings writes this process has made on `db`: caches of things drawn from the settings
 * (the server-rendered /fees and /statistics) keep it with what they keep and drop an entry made
 * under an older count. Other instances' writes reach them within SETTINGS_TTL_MS instead.
 */
export function settingsGeneration(db: Db): number {
  return generations.get(db) ?? 0;
}

/** The settings in force on the UTC day of `now`, per stored object: the same object all day. */
const inForce = new WeakMap<StoredMoneySettings, { day: number; settings: MoneySettings }>();

/**
 * The money settings in force on the UTC day of `now`: the stored ones, with the earlier price
 * terms while they still apply (price-terms.ts in the domain). Fees and every other figure are the
 * stored ones.
 */
export function moneySettingsOn(stored: StoredMoneySettings, now: Date): MoneySettings {
  if (!stored.earlierPrices) return stored.settings;
  const day = startOfUtcDay(now).getTime();
  const kept = inForce.get(stored);
  if (kept?.day === day) return kept.settings;
  const settings = priceTermsOn(stored.settings, stored.earlierPrices, now);
  inForce.set(stored, { day, settings });
  return settings;
}

/** The money settings in force today, from the same cache as the price list (read again at most every SETTINGS_TTL_MS). */
/** The company's legal details in force (from the same cached settings as the figures). */
export async function currentCompanyDetails(db: Db, now: Date): Promise<CompanyDetails> {
  const found = moneySettings.current(db, now.getTime());
  return (found instanceof Promise ? await found : found).company;
}

/** The stored money settings row in force, with when it was written (same cache). */
export async function currentStoredMoneySettings(db: Db, now: Date): Promise<StoredMoneySettings> {
  const found = moneySettings.current(db, now.getTime());
  return found instanceof Promise ? await found : found;
}

export async function currentMoneySettings(db: Db, now: Date): Promise<MoneySettings> {
  const found = moneySettings.current(db, now.getTime());
  return moneySettingsOn(found instanceof Promise ? await found : found, now);
}
