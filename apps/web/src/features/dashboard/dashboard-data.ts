import { UNIT_TYPES, type UnitType } from '@landunits/domain';
import type { DashboardData, Holding, LandUnitStats, UnitPrice } from '../../shared/orders/types';
import { readLockedUnits, type LockedUnitsView } from './locked-data';

/** What the dashboard page reads of the session's dashboard bundle (GET /api/user). */
export interface DashboardView {
  firstName: string;
  /** A business account's name (its Units are the business's), or null for a person. */
  businessName: string | null;
  analytics: Partial<Record<UnitType, Holding>>;
  prices: Partial<Record<UnitType, UnitPrice>>;
  stats: LandUnitStats;
  /** Bonus and LU2X Units that unlock later. */
  locked: LockedUnitsView;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const HOLDING_COUNTS = ['owned', 'owned_DOUBLE_LAND', 'pendingBuy', 'pendingSell', 'transferQueued', 'convertLocked', 'bonusLocked'] as const;
/** The buckets whose Units a person holds (all but pendingBuy): the Units `total_value_today` is the value of. */
const HELD_COUNTS = HOLDING_COUNTS.filter((key) => key !== 'pendingBuy');
const HOLDING_CENTS = ['total_value_bought', 'total_value_today', 'profit'] as const;

/** A holding as the contract has it; missing counts read as 0, a malformed figure drops the holding. */
function readHolding(value: unknown): Holding | null {
  if (!isObject(value) || typeof value.currencyType !== 'string') return null;
  const numbers: Record<string, number> = {};
  for (const key of [...HOLDING_COUNTS, ...HOLDING_CENTS]) {
    const n = value[key] ?? 0;
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) return null;
    numbers[key] = n;
  }
  // The Units valued, from the server; an answer without it counts the held buckets the same way.
  const valued = value.units_valued ?? HELD_COUNTS.reduce((sum, key) => sum + numbers[key]!, 0);
  if (typeof valued !== 'number' || !Number.isSafeInteger(valued)) return null;
  numbers.units_valued = valued;
  const percent = typeof value.profit_percentage === 'string' && /^-?\d+(\.\d+)?$/.test(value.profit_percentage) ? value.profit_percentage : '0.00';
  return { ...(numbers as Omit<Holding, 'profit_percentage' | 'currencyType'>), profit_percentage: percent, currencyType: value.currencyType as Holding['currencyType'] };
}

function readStats(value: unknown): LandUnitStats | null {
  if (!isObject(value)) return null;
  const { growthPerYear, priceEpoch, initialPrices } = value;
  if (typeof growthPerYear !== 'string' || typeof priceEpoch !== 'string' || !isObject(initialPrices)) return null;
  if (!UNIT_TYPES.every((type) => typeof initialPrices[type] === 'string')) return null;
  return value as unknown as LandUnitStats;
}

/**
 * The dashboard parts of the bundle, or null when they are missing or malformed (an older API, a
 * partial answer): the page then says so and offers to load it again rather than show wrong figures.
 */
export function readDashboard(bundle: unknown): DashboardView | null {
  if (!isObject(bundle)) return null;
  const data = bundle as Partial<DashboardData> & Record<string, unknown>;
  const analyticsIn = isObject(data.userDashBoardDetails) ? data.userDashBoardDetails.userAnalytics : undefined;
  const stats = readStats(data.landUnitStats);
  if (!isObject(analyticsIn) || !stats) return null;
  const analytics: Partial<Record<UnitType, Holding>> = {};
  const prices: Partial<Record<UnitType, UnitPrice>> = {};
  for (const type of UNIT_TYPES) {
    const holding = readHolding(analyticsIn[type]);
    if (holding) analytics[type] = holding;
    const price = isObject(data.prices) ? (data.prices as Record<string, unknown>)[type] : undefined;
    if (isObject(price) && typeof price.pricePerUnit === 'string') prices[type] = price as unknown as UnitPrice;
  }
  const firstName = isObject(data.user) && typeof data.user.firstName === 'string' ? data.user.firstName : '';
  const businessName = isObject(data.user) && data.user.userType === 'BUSINESS' && typeof data.user.businessName === 'string' && data.user.businessName ? data.user.businessName : null;
  return { firstName, businessName, analytics, prices, stats, locked: readLockedUnits(data.userDashBoardDetails) };
}

/** Units in any bucket, or any value bought or held. */
export function holdsAnything(holding: Holding): boolean {
  return HOLDING_COUNTS.some((key) => holding[key] !== 0) || holding.total_value_today !== 0 || holding.total_value_bought !== 0 || holding.profit !== 0;
}

/**
 * The unit types to show, in the product's order (GBP, USD, EUR, AUD): those with anything in them,
 * and GBP always.
 */
export function visibleHoldings(analytics: Partial<Record<UnitType, Holding>>): { unitType: UnitType; holding: Holding }[] {
  return UNIT_TYPES.flatMap((unitType) => {
    const holding = analytics[unitType];
    if (!holding) return [];
    return unitType === 'LAND_POUND' || holdsAnything(holding) ? [{ unitType, holding }] : [];
  });
}
