import {
  currencyOf,
  divRoundHalfUp,
  landShareOf,
  MICROS_PER_CENT,
  priceToMicros,
  shareOfProjects,
  shareOfProjectsView,
  UNIT_TYPES,
  type Currency,
  type ShareOfProjectsView,
  type UnitType,
} from '@landunits/domain';
import type { Db } from '../../../platform/db/client';
import { landProjectTotals } from '../../land-projects';
import type { HoldingsToday } from './holdings-today';

/** The example the dashboard gives someone who holds no Units yet: this many Units of this type. */
export const EXAMPLE_UNITS = 100;
export const EXAMPLE_UNIT_TYPE: UnitType = 'LAND_POUND';

export interface ProjectShareAnswer {
  projectShare: ShareOfProjectsView;
  per100Units: { unitType: UnitType; units: number; valueCents: number; share: ShareOfProjectsView };
}

/**
 * A person's share of what the land projects report (decision 0065): their share of the land (the
 * certificate's: value today / land value, per currency held, added up) × the projects' totals,
 * and the same for 100 GBP Units at today's price. Exact until the domain rounds each figure.
 */
export async function projectShareOf(db: Db, today: HoldingsToday): Promise<ProjectShareAnswer> {
  const totals = await landProjectTotals(db);
  const valueTodayCents = Object.fromEntries(UNIT_TYPES.map((t) => [currencyOf(t), today.holdings[t].total_value_today])) as Record<Currency, number>;
  const yours = landShareOf(valueTodayCents, today.landValues);
  // 100 Units × the price (micro-units) / MICROS_PER_CENT = cents, kept as a fraction over the land value.
  const exampleMicros = BigInt(EXAMPLE_UNITS) * priceToMicros(today.prices[EXAMPLE_UNIT_TYPE]);
  const land = today.landValues[currencyOf(EXAMPLE_UNIT_TYPE)];
  const exampleShare = land > 0n ? { num: exampleMicros, den: MICROS_PER_CENT * land } : { num: 0n, den: 1n };
  return {
    projectShare: shareOfProjectsView(shareOfProjects(yours, totals)),
    per100Units: {
      unitType: EXAMPLE_UNIT_TYPE,
      units: EXAMPLE_UNITS,
      valueCents: Number(divRoundHalfUp(exampleMicros, MICROS_PER_CENT)),
      share: shareOfProjectsView(shareOfProjects(exampleShare, totals)),
    },
  };
}
