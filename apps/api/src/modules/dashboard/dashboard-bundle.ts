import { CURRENCIES, doubleLandRemaining, landValueInCents, type Currency, type MoneySettings, type Price, type UnitType } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import { doubleLandSold, doubleLandStatusOf, holdingsOf, purchaseLimitOf, unapprovedBuysInCents, unitsAvailable } from '../orders';
import { currentMoneySettings, currentPriceList } from '../pricing';
import { toUserView, type UserRow } from '../users';
import { lockedBonusesOf } from './locked-bonuses';

const percent = (basisPoints: number) => (basisPoints / 100).toFixed(2);

/** Figures behind the prices and the supply, for the dashboard's chart and the statistics. */
function landUnitStats(settings: MoneySettings, available: Record<UnitType, number>) {
  return {
    growthPerYear: settings.growthPerYear,
    priceEpoch: settings.priceEpoch,
    initialPrices: settings.initialPrices,
    landValues: Object.fromEntries(CURRENCIES.map((c) => [c, Number(landValueInCents(c, settings))])) as Record<Currency, number>,
    maxLandUnitsForSalePercentage: percent(settings.maxLandUnitsForSaleBasisPoints),
    unitsAvailable: available,
  };
}

/**
 * GET /api/user: the dashboard bundle of SPEC §3 (docs/api/orders.md, and the additions of
 * docs/api/payments.md: locked bonus Units, LU2X Units, the offer's room, the crypto wallets).
 * Every figure comes from stored balances, costs and settings: a handful of indexed reads,
 * whatever the length of the person's history.
 */
export async function dashboardBundle(ctx: AppContext, user: UserRow) {
  const now = ctx.clock.now();
  const [list, settings] = await Promise.all([currentPriceList(ctx.db, now), currentMoneySettings(ctx.db, now)]);
  const prices = Object.fromEntries(Object.entries(list.body.prices).map(([t, p]) => [t, p.pricePerUnit])) as Record<UnitType, Price>;
  const [holdings, used, available, lockedBonuses, doubleLand, doubleLandSoldUnits] = await Promise.all([
    holdingsOf(ctx.db, user.id, prices),
    unapprovedBuysInCents(ctx.db, user.id),
    unitsAvailable(ctx.db, settings, prices),
    lockedBonusesOf(ctx.db, user.id),
    doubleLandStatusOf(ctx.db, user.id, now),
    doubleLandSold(ctx.db),
  ]);
  const capUnits = settings.doubleLandOfferCapUnits;
  const limit = Number(purchaseLimitOf(user, settings));
  return {
    user: toUserView(user),
    prices: list.body.prices,
    userDashBoardDetails: {
      userAnalytics: holdings,
      buyOrderBonusLockedByStatus: lockedBonuses,
      purchaseLimit: Object.fromEntries(CURRENCIES.map((c) => [c, { limitInCents: limit, usedInCents: Number(used[c]) }])),
      // LU2X Units per unit type: still locked, and the next monthly unlock.
      doubleLand,
      doubleLandOffer: { capUnits, remainingUnits: Number(doubleLandRemaining({ soldUnits: doubleLandSoldUnits, capUnits })) },
    },
    landUnitStats: landUnitStats(settings, available),
    exchangeRate: settings.exchangeRates,
    externalFees: list.body.externalFees,
    adminBankDetails: settings.adminBankDetails,
    cryptoWallets: settings.adminCryptoWallets,
    emailChange: null,
  };
}
