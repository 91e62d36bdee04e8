import {
  buyTotal,
  CURRENCIES,
  formatDate,
  landValueInCents,
  moneyFiguresOf,
  MoneyFiguresSchema,
  priceOn,
  priceTermsEffectiveDay,
  priceTermsOn,
  samePriceTerms,
  settingChanges,
  toSafeNumber,
  UNIT_TYPE_INFO,
  UNIT_TYPES,
  utcDate,
  type MoneyFigures,
  type Price,
} from '@landunits/domain';
import type { MoneyPreview, WorkedExample } from '@landunits/domain/contracts';
import type { DbContext } from '../../platform/context';
import { parseInput } from '../../platform/http/app-error';
import { loadMoneySettings } from './get-money-settings';
import { moneySettingsOn } from './price-list';
import { MONEY_SECTION } from './setting-sections';

/** The worked example of /fees: 100 GBP Units paid by card (Stripe). */
const EXAMPLE = { units: 100, unitType: 'LAND_POUND', method: 'Card_Stripe' } as const;

function workedExample(price: Price, fees: Pick<MoneyFigures, 'buyOrderTransactionFeeInCents' | 'externalFees'>): WorkedExample {
  const { currency } = UNIT_TYPE_INFO[EXAMPLE.unitType];
  const externalFee = fees.externalFees[EXAMPLE.method];
  const total = buyTotal({ units: EXAMPLE.units, price, buyFeeCents: fees.buyOrderTransactionFeeInCents[currency], externalFee });
  const cents = (value: bigint) => toSafeNumber(value, 'preview amount');
  return {
    ...EXAMPLE,
    currency,
    pricePerUnit: price,
    percentageBasisPoints: externalFee.fixedPercentageFees,
    subTotal: cents(total.subTotal),
    transactionFee: cents(total.transactionFee),
    base: cents(total.base),
    percentageFee: cents(total.paymentMethodFees.fixedPercentageFees),
    fixedFee: cents(total.paymentMethodFees.fixedCentsFees),
    paymentAmount: cents(total.paymentAmount),
  };
}

/**
 * POST /api/admin/settings/preview: what proposed money figures would do if approved now, worked
 * out with the domain's money functions (the browser computes nothing): today's prices (which an
 * approval never changes) and the prices of the day new terms would start, now and as proposed;
 * the /fees worked example at today's price with the fees in force and as proposed (fees apply at
 * once); the land value per currency; the list of changed values. A value the schema refuses is
 * a 400 with the SPEC §8 messages at the settings' paths. Nothing is written.
 */
export async function previewMoneySettings(ctx: DbContext, body: unknown): Promise<MoneyPreview> {
  const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const proposed = parseInput(MoneyFiguresSchema, input.value);
  const now = ctx.clock.now();
  const stored = await loadMoneySettings(ctx.db);
  const today = moneySettingsOn(stored, now);
  const effectiveDay = priceTermsEffectiveDay(now);
  const effective = utcDate(effectiveDay);
  const fromEffectiveDay = priceTermsOn(stored.settings, stored.earlierPrices, effective);
  const todaysGbpPrice = priceOn(EXAMPLE.unitType, now, today);
  return {
    priceDate: formatDate(now, 'YYYY-MM-DD'),
    effectiveDay,
    pricesChange: !samePriceTerms(stored.settings, proposed),
    prices: UNIT_TYPES.map((unitType) => ({
      unitType,
      currency: UNIT_TYPE_INFO[unitType].currency,
      today: priceOn(unitType, now, today),
      effectiveDayNow: priceOn(unitType, effective, fromEffectiveDay),
      effectiveDayProposed: priceOn(unitType, effective, proposed),
    })),
    workedExample: { current: workedExample(todaysGbpPrice, today), proposed: workedExample(todaysGbpPrice, proposed) },
    landValues: CURRENCIES.map((currency) => ({
      currency,
      current: toSafeNumber(landValueInCents(currency, today), 'land value'),
      proposed: toSafeNumber(landValueInCents(currency, proposed), 'land value'),
    })),
    changes: settingChanges(moneyFiguresOf(stored.settings), proposed, MONEY_SECTION.defaults),
  };
}
