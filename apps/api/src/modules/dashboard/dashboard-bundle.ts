import { CURRENCIES, doubleLandRemaining, landValueInCents, type Currency, type MoneySettings, type Price, type UnitType } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { jsonRows, perDatabase, type Db } from '../../platform/db/client';
import { balanceRowsQuery, balancesFromRows, systemHolder, userHolder, type BalanceRow } from '../ledger';
import { costRowsQuery, holdingsFrom, unitsAvailableFrom, type CostRow } from '../holdings';
import {
  doubleLandRowsQuery,
  doubleLandSoldExpression,
  doubleLandStatusFrom,
  LOCKED_BONUS_ROW_ORDER,
  lockedBonusesFrom,
  lockedBonusRowsQuery,
  purchaseLimitOf,
  unapprovedBuyRowsQuery,
  unapprovedBuysFrom,
  type DoubleLandRow,
  type LockedBonusRow,
  type UnapprovedBuyRow,
} from '../orders';
import { emailChangeFrom, emailChangeRowsQuery, type EmailChangeBundleRow } from '../email-change';
import { currentMoneySettings, currentPriceList } from '../pricing';
import { limitOverrideRowsQuery, limitOverridesFrom, toUserView, type LimitOverrideRow, type UserRow } from '../users';

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
 * Every figure comes from stored balances, costs and settings: indexed reads whatever the length
 * of the person's history, all in one statement (one round trip; the prices and settings come
 * from memory).
 */
export async function dashboardBundle(ctx: AppContext, user: UserRow) {
  const now = ctx.clock.now();
  const [list, settings, rows] = await Promise.all([currentPriceList(ctx.db, now), currentMoneySettings(ctx.db, now), readBundleRows(ctx.db, user.id)]);
  const prices = Object.fromEntries(Object.entries(list.body.prices).map(([t, p]) => [t, p.pricePerUnit])) as Record<UnitType, Price>;
  const used = unapprovedBuysFrom(rows.unapproved);
  const capUnits = settings.doubleLandOfferCapUnits;
  const overrides = limitOverridesFrom(rows.limitOverrides);
  return {
    user: toUserView(user),
    prices: list.body.prices,
    userDashBoardDetails: {
      userAnalytics: holdingsFrom(balancesFromRows(userHolder(user.id), rows.mine), rows.costs, prices),
      buyOrderBonusLockedByStatus: lockedBonusesFrom(rows.bonuses),
      // Per currency: the admin's override of that currency, or the tier's limit.
      purchaseLimit: Object.fromEntries(CURRENCIES.map((c) => [c, { limitInCents: Number(purchaseLimitOf(user, settings, overrides[c] ?? null)), usedInCents: Number(used[c]) }])) as Record<
        Currency,
        { limitInCents: number; usedInCents: number }
      >,
      // LU2X Units per unit type: still locked, and the next monthly unlock.
      doubleLand: doubleLandStatusFrom(rows.doubleLand, now),
      doubleLandOffer: { capUnits, remainingUnits: Number(doubleLandRemaining({ soldUnits: BigInt(rows.offerSold ?? 0), capUnits })) },
    },
    landUnitStats: landUnitStats(settings, unitsAvailableFrom(balancesFromRows(ISSUER, rows.issuer), settings, prices)),
    exchangeRate: settings.exchangeRates,
    externalFees: list.body.externalFees,
    adminBankDetails: settings.adminBankDetails,
    cryptoWallets: settings.adminCryptoWallets,
    emailChange: emailChangeFrom(rows.emailChange),
  };
}

const ISSUER = systemHolder('issuer');

interface BundleRows {
  mine: BalanceRow[];
  issuer: BalanceRow[];
  costs: CostRow[];
  unapproved: UnapprovedBuyRow[];
  limitOverrides: LimitOverrideRow[];
  bonuses: LockedBonusRow[];
  doubleLand: DoubleLandRow[];
  offerSold: string | null;
  emailChange: EmailChangeBundleRow[];
}

/**
 * What the bundle reads of the database, each part the query of the module that owns it, as one
 * prepared statement: its SQL built once per database, parsed once per PostgreSQL connection.
 * The fragments' fixed conditions are literals, so a generic plan still uses the partial indexes.
 */
const bundleStatement = perDatabase((db) => {
  const userId = sql.placeholder('userId');
  const holder = sql.placeholder('holder');
  return db
    .select({
      mine: sql<BalanceRow[]>`${jsonRows(balanceRowsQuery(holder))}`,
      issuer: sql<BalanceRow[]>`${jsonRows(balanceRowsQuery(ISSUER))}`,
      costs: sql<CostRow[]>`${jsonRows(costRowsQuery(userId))}`,
      unapproved: sql<UnapprovedBuyRow[]>`${jsonRows(unapprovedBuyRowsQuery(userId))}`,
      limitOverrides: sql<LimitOverrideRow[]>`${jsonRows(limitOverrideRowsQuery(userId))}`,
      bonuses: sql<LockedBonusRow[]>`${jsonRows(lockedBonusRowsQuery(userId), LOCKED_BONUS_ROW_ORDER)}`,
      doubleLand: sql<DoubleLandRow[]>`${jsonRows(doubleLandRowsQuery(userId))}`,
      offerSold: sql<string | null>`${doubleLandSoldExpression()}`,
      emailChange: sql<EmailChangeBundleRow[]>`${jsonRows(emailChangeRowsQuery(userId))}`,
    })
    .from(sql`(values (1)) as "bundle" ("one")`)
    .prepare('dashboard_bundle');
});

async function readBundleRows(db: Db, userId: string): Promise<BundleRows> {
  const [row] = await bundleStatement(db).execute({ userId, holder: userHolder(userId) });
  if (!row) throw new Error('The dashboard statement returned no row');
  return row;
}
