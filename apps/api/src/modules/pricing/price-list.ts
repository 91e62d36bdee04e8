import { createHash } from 'node:crypto';
import {
  BUY_PAYMENT_METHODS,
  formatDate,
  nextPriceChangeAt,
  pricesOn,
  startOfUtcDay,
  UNIT_TYPE_INFO,
  UNIT_TYPES,
  type ExternalFee,
  type MoneySettings,
  type BuyPaymentMethod,
  type PriceListBody,
  type UnitPrice,
  type UnitType,
} from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { loadMoneySettings, type StoredMoneySettings } from './get-money-settings';

/**
 * Today's price list (GET /api/order/get_price), computed once per UTC day per settings version
 * and kept in memory, per database handle.
 *
 * - The day comes from the caller's clock (`ctx.clock`); the list is valid from 00:00 UTC to the
 *   next 00:00 UTC (`nextPriceChangeAt`) and is rebuilt for the next day on first use.
 * - The settings behind it are read again at most every `SETTINGS_TTL_MS`; the list is rebuilt
 *   only when the row's version or updated_at differ. `updateMoneySettings` drops the cache of
 *   its process at once, so this instance answers with the new settings on the next request;
 *   other instances pick the change up within the TTL.
 * - The JSON text and its ETag are made when the list is built, so a request serialises nothing.
 */

export const SETTINGS_TTL_MS = 60_000;

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

interface Cache {
  /** Bumped by `forgetPriceList`; a read started before the bump is not kept. */
  generation: number;
  stored?: StoredMoneySettings;
  /** When `stored` was read, by the caller's clock (ms). */
  checkedAt: number;
  loading?: { generation: number; promise: Promise<StoredMoneySettings> };
  list?: PriceList;
  listFrom?: StoredMoneySettings;
}

const caches = new WeakMap<Db, Cache>();

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { generation: 0, checkedAt: 0 };
    caches.set(db, cache);
  }
  return cache;
}

const sameRow = (a: StoredMoneySettings, b: StoredMoneySettings) => a.version === b.version && a.updatedAt?.getTime() === b.updatedAt?.getTime();

/** The settings in force, read from the database when the cached copy is older than the TTL. */
function currentSettings(db: Db, cache: Cache, time: number): StoredMoneySettings | Promise<StoredMoneySettings> {
  const stored = cache.stored;
  // A clock that went back (tests) counts as stale.
  if (stored && time >= cache.checkedAt && time - cache.checkedAt < SETTINGS_TTL_MS) return stored;
  if (cache.loading?.generation !== cache.generation) {
    const generation = cache.generation;
    const promise = loadMoneySettings(db)
      .then((read) => {
        if (cache.generation !== generation) return read;
        // Unchanged row: keep the object, so the day's list built from it stays.
        const kept = cache.stored && sameRow(cache.stored, read) ? cache.stored : read;
        cache.stored = kept;
        cache.checkedAt = time;
        return kept;
      })
      .finally(() => {
        if (cache.loading?.promise === promise) cache.loading = undefined;
      });
    cache.loading = { generation, promise };
  }
  return cache.loading.promise;
}

/**
 * The cached list when it is valid for `now` and its settings are within the TTL; otherwise
 * undefined (then `currentPriceList`). Synchronous, for the request path.
 */
export function cachedPriceList(db: Db, now: Date): PriceList | undefined {
  const cache = caches.get(db);
  const list = cache?.list;
  if (!cache || !list || cache.listFrom !== cache.stored) return undefined;
  const time = now.getTime();
  const fresh = time >= cache.checkedAt && time - cache.checkedAt < SETTINGS_TTL_MS;
  return fresh && time >= list.validFrom && time < list.validUntil ? list : undefined;
}

/** Today's price list for the clock's `now`: from the cache when it is still valid, else read and built. */
export async function currentPriceList(db: Db, now: Date): Promise<PriceList> {
  const cached = cachedPriceList(db, now);
  if (cached) return cached;
  const cache = cacheOf(db);
  const time = now.getTime();
  const found = currentSettings(db, cache, time);
  const stored = found instanceof Promise ? await found : found;
  const list = cache.list;
  if (list && cache.listFrom === stored && time >= list.validFrom && time < list.validUntil) return list;
  const built = buildPriceList(stored.settings, now, stored.version);
  if (cache.stored === stored) {
    cache.list = built;
    cache.listFrom = stored;
  }
  return built;
}

/** Drops this process's cached settings and list for `db` (after a write). */
export function forgetPriceList(db: Db): void {
  const cache = cacheOf(db);
  cache.generation += 1;
  cache.stored = undefined;
  cache.list = undefined;
  cache.listFrom = undefined;
  cache.loading = undefined;
}

/** The money settings in force, from the same cache as the price list (read again at most every SETTINGS_TTL_MS). */
export async function currentMoneySettings(db: Db, now: Date): Promise<MoneySettings> {
  const found = currentSettings(db, cacheOf(db), now.getTime());
  return (found instanceof Promise ? await found : found).settings;
}
