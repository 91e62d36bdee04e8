import { formatDate } from '../format/format';
import { nextPriceChangeAt, startOfUtcDay, utcDate, type PriceSettings } from './price';
import { IsoDateSchema, MoneySettingsSchema } from './settings';
import { UNIT_TYPES } from './unit-types';

/**
 * Price terms (growth, epoch, P0 per unit type) change at the next 00:00 UTC, never during a day
 * (decision 0019): a price a person saw this morning is still the price this evening. When an
 * admin's change of the terms is applied, the terms in force that day are kept beside the new ones
 * with the first day they no longer apply (`until`). Every reader asks for the terms of a day with
 * `priceTermsOn`; fees, rates, caps, locks and limits have no such history and apply at once.
 */

export type PriceTerms = PriceSettings;

/** The terms in force before a change, and the first UTC day (YYYY-MM-DD) of the newer ones. */
export interface EarlierPriceTerms extends PriceTerms {
  until: string;
}

const earlierPriceTerms = () => MoneySettingsSchema.pick({ growthPerYear: true, priceEpoch: true, initialPrices: true }).extend({ until: IsoDateSchema });

/** The stored shape of the earlier terms (read back from the settings row). */
export const EarlierPriceTermsSchema = /* @__PURE__ */ earlierPriceTerms();

/** Only the three price fields of a settings object (a copy). */
export function priceTermsOf(settings: PriceTerms): PriceTerms {
  return { growthPerYear: settings.growthPerYear, priceEpoch: settings.priceEpoch, initialPrices: { ...settings.initialPrices } };
}

/** Whether two sets of terms give the same price on every day. */
export function samePriceTerms(a: PriceTerms, b: PriceTerms): boolean {
  return a.growthPerYear === b.growthPerYear && a.priceEpoch === b.priceEpoch && UNIT_TYPES.every((type) => a.initialPrices[type] === b.initialPrices[type]);
}

/** Whether the UTC day of `date` is before the first day of the newer terms. */
function before(earlier: EarlierPriceTerms | null, date: Date): earlier is EarlierPriceTerms {
  return earlier !== null && startOfUtcDay(date).getTime() < utcDate(earlier.until).getTime();
}

/**
 * `settings` with the price terms in force on the UTC day of `date`: the same object when the
 * newer terms apply (or there are no earlier ones), else a copy carrying the earlier terms.
 */
export function priceTermsOn<T extends PriceTerms>(settings: T, earlier: EarlierPriceTerms | null, date: Date): T {
  if (!before(earlier, date)) return settings;
  return { ...settings, growthPerYear: earlier.growthPerYear, priceEpoch: earlier.priceEpoch, initialPrices: { ...earlier.initialPrices } };
}

/** The first UTC day after `now`, YYYY-MM-DD: when a change of the price terms made now applies. */
export function priceTermsEffectiveDay(now: Date): string {
  return formatDate(nextPriceChangeAt(now), 'YYYY-MM-DD');
}

/**
 * The earlier terms to keep when `next` replaces `current` at `now`: when the terms do not change,
 * the earlier ones while they still apply (none once they are over); otherwise the terms in force today (the earlier ones while they still apply, so two
 * changes on one day both wait for the next day) until the next 00:00 UTC.
 */
export function earlierTermsAfterChange(current: PriceTerms, earlier: EarlierPriceTerms | null, next: PriceTerms, now: Date): EarlierPriceTerms | null {
  if (samePriceTerms(current, next)) return before(earlier, now) ? earlier : null;
  const today = priceTermsOf(priceTermsOn(current, earlier, now));
  return { ...today, until: priceTermsEffectiveDay(now) };
}
