import {
  MS_PER_DAY,
  PORTFOLIO_RANGE_DAYS,
  portfolioSummary,
  priceOn,
  startOfUtcDay,
  UNIT_TYPES,
  valueInCurrency,
  type Currency,
  type PortfolioRange,
  type Price,
  type PriceSettings,
  type UnitsByType,
  type UnitType,
} from '@landunits/domain';
import type { Portfolio } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { queryRows } from '../../platform/db/client';
import { balancesOf, HELD_BUCKETS, heldDailyChangesQuery, userHolder, type HeldDailyChangeRow } from '../ledger';
import { currentMoneySettings, currentPriceList } from '../pricing';
import type { UserRow } from '../users';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A past day's price of each unit type held that day. The price formula (a 40-digit power) costs
 * about half a millisecond a price, and a year's history asks for up to 1,460: each price is kept
 * for the settings it came from (the same for every person), so only a new day or new settings
 * compute one. Types not held that day are not priced: the value ignores them.
 */
const dayPrices = new Map<string, Price>();
const DAY_PRICES_KEPT = 20_000;

function pricesHeldOn(held: UnitsByType, day: Date, settings: PriceSettings): Record<UnitType, Price> {
  const prices = {} as Record<UnitType, Price>;
  const date = isoDay(day);
  for (const type of UNIT_TYPES) {
    if (held[type] === 0n) continue;
    const key = `${settings.priceEpoch}|${settings.growthPerYear}|${settings.initialPrices[type]}|${date}`;
    let price = dayPrices.get(key);
    if (price === undefined) {
      if (dayPrices.size >= DAY_PRICES_KEPT) dayPrices.clear();
      price = priceOn(type, day, settings);
      dayPrices.set(key, price);
    }
    prices[type] = price;
  }
  return prices;
}

/**
 * GET /api/user/portfolio: what the person holds in one display currency (the one asked for, else
 * the one they saved, else GBP), from the stored balances at today's prices and the admin's
 * GBP-based exchange rates, split into available, locked and pending (domain's portfolioSummary),
 * and the value at the end of each UTC day of the range: the Units held that day, walked back from
 * today's balances through the ledger's daily changes (entries dated by the database), at that
 * day's price (the price formula under today's settings, as the price chart draws it) and today's
 * rates. Two reads whatever the length of the history: the balances and one grouped scan of the
 * range's entries.
 */
export async function showPortfolio(ctx: AppContext, user: UserRow, query: { currency?: Currency | undefined; range: PortfolioRange }): Promise<Portfolio> {
  const now = ctx.clock.now();
  const currency: Currency = query.currency ?? user.displayCurrency ?? 'GBP';
  const holder = userHolder(user.id);
  const today = startOfUtcDay(now);
  const days = PORTFOLIO_RANGE_DAYS[query.range];
  const from = new Date(today.getTime() - (days - 1) * MS_PER_DAY);
  const [list, settings, balances, changes] = await Promise.all([
    currentPriceList(ctx.db, now),
    currentMoneySettings(ctx.db, now),
    balancesOf(ctx.db, holder),
    queryRows<HeldDailyChangeRow>(ctx.db, heldDailyChangesQuery(holder, from)),
  ]);
  const prices = Object.fromEntries(UNIT_TYPES.map((t) => [t, list.body.prices[t].pricePerUnit])) as Record<UnitType, Price>;
  const rates = settings.exchangeRates;
  const summary = portfolioSummary(balances, prices, rates, currency);

  const held = Object.fromEntries(UNIT_TYPES.map((t) => [t, HELD_BUCKETS.reduce((sum, bucket) => sum + (balances[t][bucket] ?? 0n), 0n)])) as UnitsByType;
  const history: Portfolio['history'] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(today.getTime() - i * MS_PER_DAY);
    const date = isoDay(day);
    // Today's point is the total shown above it (the sum of the rounded parts); a past day's is its Units' value rounded once.
    history.push({ date, value: Number(i === 0 ? summary.total : valueInCurrency(held, pricesHeldOn(held, day, settings), rates, currency)) });
    // Held at the end of the day before: less this day's net change. An entry is dated by the
    // database's clock; one dated after the app's today (the two clocks apart) counts as today's.
    for (const row of changes) {
      if (i === 0 ? row.day < date : row.day !== date) continue;
      const left = held[row.unitType] - BigInt(row.units);
      held[row.unitType] = left > 0n ? left : 0n;
    }
  }
  history.reverse();

  return {
    currency,
    total: Number(summary.total),
    available: Number(summary.available),
    locked: Number(summary.locked),
    pending: Number(summary.pending),
    holdings: UNIT_TYPES.map((unitType) => ({ unitType, units: Number(summary.byType[unitType].units), value: Number(summary.byType[unitType].value) })),
    awaitingPayment: UNIT_TYPES.flatMap((unitType) => {
      const units = balances[unitType].pendingBuy ?? 0n;
      return units > 0n ? [{ unitType, units: Number(units) }] : [];
    }),
    history,
    exchangeRates: rates,
    priceDate: list.body.priceDate,
  };
}
