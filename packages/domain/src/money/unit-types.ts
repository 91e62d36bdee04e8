import { z } from 'zod';
import { CURRENCY_SYMBOLS, type Currency } from '../format/format';

/** The four kinds of Unit (SPEC §3), each priced in one currency. Schemas are marked pure so unused ones leave bundles. */

export const CURRENCIES = ['GBP', 'USD', 'EUR', 'AUD'] as const satisfies readonly Currency[];
export const CurrencySchema = /* @__PURE__ */ z.enum(CURRENCIES);

export const UNIT_TYPES = ['LAND_POUND', 'LAND_USD', 'LAND_EUR', 'LAND_AUD'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
export const UnitTypeSchema = /* @__PURE__ */ z.enum(UNIT_TYPES);

export interface UnitTypeInfo {
  readonly currency: Currency;
  readonly symbol: string;
}

export const UNIT_TYPE_INFO: Readonly<Record<UnitType, UnitTypeInfo>> = {
  LAND_POUND: { currency: 'GBP', symbol: CURRENCY_SYMBOLS.GBP },
  LAND_USD: { currency: 'USD', symbol: CURRENCY_SYMBOLS.USD },
  LAND_EUR: { currency: 'EUR', symbol: CURRENCY_SYMBOLS.EUR },
  LAND_AUD: { currency: 'AUD', symbol: CURRENCY_SYMBOLS.AUD },
};

/** SPEC §4: every order defaults to GBP Units; a conversion defaults from GBP to USD. */
export const DEFAULT_UNIT_TYPE: UnitType = 'LAND_POUND';
export const DEFAULT_CONVERT_FROM: UnitType = 'LAND_POUND';
export const DEFAULT_CONVERT_TO: UnitType = 'LAND_USD';

export function currencyOf(unitType: UnitType): Currency {
  return UNIT_TYPE_INFO[unitType].currency;
}

export function unitTypeOf(currency: Currency): UnitType {
  const found = UNIT_TYPES.find((type) => UNIT_TYPE_INFO[type].currency === currency);
  if (!found) throw new RangeError(`No unit type for currency ${String(currency)}`);
  return found;
}
