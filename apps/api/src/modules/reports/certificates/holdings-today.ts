import {
  certificateFigures,
  companyLine,
  CURRENCIES,
  currencyOf,
  formatDate,
  landValueInCents,
  UNIT_TYPES,
  type CertificateFigures,
  type CompanyDetails,
  type Currency,
  type Holding,
  type ImpactMetrics,
  type Price,
  type UnitType,
} from '@landunits/domain';
import type { DbContext } from '../../../platform/context';
import { holdingsOf } from '../../holdings';
import { heldUnitsOf } from './draw-current-value';
import { currentCompanyDetails, currentMoneySettings, currentPriceList } from '../../pricing';
import { currentImpactMetrics } from '../../site-content';

/**
 * A person's holdings today as the dashboard shows them (holdings' `holdingsOf`, valued at the
 * public price list of the clock's UTC day), with the land values and impact metrics in force:
 * everything the current value document, the impact certificate and "your impact" are drawn
 * from. Two indexed reads (balances, costs); prices, settings and metrics come from memory.
 */
export interface HoldingsToday {
  now: Date;
  /** The UTC day, YYYY-MM-DD. */
  asOf: string;
  prices: Record<UnitType, Price>;
  holdings: Record<UnitType, Holding>;
  /** Land value held per currency, in cents (GBP land value × the GBP-based rate). */
  landValues: Record<Currency, bigint>;
  metrics: ImpactMetrics;
  /** The company's legal details, for the foot of the documents. */
  company: CompanyDetails;
}

export async function holdingsToday(ctx: DbContext, userId: string): Promise<HoldingsToday> {
  const now = ctx.clock.now();
  const [list, settings, impact, company] = await Promise.all([
    currentPriceList(ctx.db, now),
    currentMoneySettings(ctx.db, now),
    currentImpactMetrics(ctx.db, now),
    currentCompanyDetails(ctx.db, now),
  ]);
  const prices = Object.fromEntries(UNIT_TYPES.map((t) => [t, list.body.prices[t].pricePerUnit])) as Record<UnitType, Price>;
  const holdings = await holdingsOf(ctx.db, userId, prices);
  const landValues = Object.fromEntries(CURRENCIES.map((c) => [c, landValueInCents(c, settings)])) as Record<Currency, bigint>;
  return { now, asOf: formatDate(now, 'YYYY-MM-DD'), prices, holdings, landValues, metrics: impact.metrics, company };
}

/** True when the person holds any Unit of any type. */
export const holdsUnits = (today: HoldingsToday): boolean => UNIT_TYPES.some((t) => heldUnitsOf(today.holdings[t]) > 0);

/** What an impact certificate issued now states (the domain's `certificateFigures`, SPEC §9). */
export function impactFiguresOf(today: HoldingsToday): CertificateFigures {
  const valueTodayCents = Object.fromEntries(UNIT_TYPES.map((t) => [currencyOf(t), today.holdings[t].total_value_today])) as Record<Currency, number>;
  return certificateFigures(today.asOf, { valueTodayCents, landValueCents: today.landValues, metrics: today.metrics });
}

/** The name a document is made out to: a business's name, else the person's. */
export function holderName(user: { firstName: string; lastName: string | null; businessName: string | null; userType: string }): string {
  const person = [user.firstName, user.lastName ?? '']
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  const business = user.businessName?.trim();
  return user.userType === 'BUSINESS' && business ? business : person;
}

/** The foot of the current value and the certificate: the company's legal details and the one warning that matters. */
export const documentFooter = (today: { company: Parameters<typeof companyLine>[0] }) => `${companyLine(today.company)} · Not investment advice`;

export { heldUnitsOf };
