import type { z } from 'zod';
import { formatMoney, type Currency } from '../format/format';
import { rationalToDecimal } from '../money/decimal';
import { MoneySettingsSchema, type MoneySettings } from '../money/settings';
import { basisPointsToPercent, canonicalDecimal, fractionToPercent } from '../site/statistics';

/**
 * The money figures an admin edits on /admin/settings: every money setting except where buyers
 * send money (payment-details.ts). The form shows people percents and currency amounts; the
 * settings store basis points, cents and fractions. Both directions are exact conversions of
 * digits, done here so the form and the server agree; a text that is not a number of the field's
 * kind is passed on as is, so the settings schema refuses it with its SPEC §8 message.
 */

const figures = () => MoneySettingsSchema.omit({ adminBankDetails: true, adminCryptoWallets: true });

/** The money settings without the payment details: what a money change request proposes. */
export const MoneyFiguresSchema = /* @__PURE__ */ figures();
export type MoneyFigures = z.output<typeof MoneyFiguresSchema>;

/** The money figures of a settings object (a shallow copy without the payment details). */
export function moneyFiguresOf(settings: MoneySettings | MoneyFigures): MoneyFigures {
  const { adminBankDetails: _bank, adminCryptoWallets: _wallets, ...rest } = settings as MoneySettings;
  return rest;
}

/**
 * How a field is typed and shown: `percent` basis points as a percent ('1.5' ↔ 150); `growth` a
 * fraction as a percent ('7.5' ↔ '0.075'); `money` cents as an amount ('1.00' ↔ 100); `count` whole
 * Units, days, business days or hours; `rate` and `price` decimal strings (a price is padded to 6
 * places); `date`.
 */
export type SettingFieldKind = 'percent' | 'growth' | 'money' | 'count' | 'rate' | 'price' | 'date';

export interface SettingField {
  /** The setting's path in the settings object, also the form field's name and the error key. */
  readonly path: string;
  readonly label: string;
  readonly kind: SettingFieldKind;
  /** The currency of a `money` or `price` field; none when the amount applies in every currency. */
  readonly currency?: Currency;
  /** What one counts (Units, days, hours), for `count` fields. */
  readonly unit?: string;
}

export interface SettingGroup {
  readonly id: string;
  readonly legend: string;
  /** When a change applies, in words. */
  readonly applies: string;
  readonly fields: readonly SettingField[];
}

const CURRENCY_LIST: readonly Currency[] = ['GBP', 'USD', 'EUR', 'AUD'];
const UNIT_OF: Readonly<Record<Currency, string>> = { GBP: 'LAND_POUND', USD: 'LAND_USD', EUR: 'LAND_EUR', AUD: 'LAND_AUD' };
const METHODS = [
  ['Bank', 'Bank transfer'],
  ['Card_Stripe', 'Card (Stripe)'],
  ['Card_Square', 'Card (Square)'],
  ['Crypto', 'Crypto'],
] as const;

const moneySettingGroups = (): readonly SettingGroup[] => [
  {
    id: 'prices',
    legend: 'Unit prices',
    applies: 'From 00:00 UTC on the day after approval. Today’s prices never change.',
    fields: [
      { path: 'growthPerYear', label: 'Growth per year (%)', kind: 'growth' },
      { path: 'priceEpoch', label: 'Price epoch (day 0)', kind: 'date' },
      ...CURRENCY_LIST.map((currency) => ({ path: `initialPrices.${UNIT_OF[currency]}`, label: `Starting price P0, ${currency}`, kind: 'price' as const, currency })),
    ],
  },
  {
    id: 'order-fees',
    legend: 'Order fees',
    applies: 'At once, on the next order.',
    fields: [
      ...CURRENCY_LIST.map((currency) => ({ path: `buyOrderTransactionFeeInCents.${currency}`, label: `Buy fee, ${currency}`, kind: 'money' as const, currency })),
      { path: 'sellOrderTransactionFeeInUnits', label: 'Sell fee (Units)', kind: 'count', unit: 'Units' },
      { path: 'convertOrderTransactionFeeInUnits', label: 'Convert fee (Units)', kind: 'count', unit: 'Units' },
    ],
  },
  {
    id: 'method-fees',
    legend: 'Payment method fees',
    applies: 'At once, on the next buy. The fixed amount is in the buy’s currency.',
    fields: METHODS.flatMap(([method, name]) => [
      { path: `externalFees.${method}.fixedPercentageFees`, label: `${name}: percentage (%)`, kind: 'percent' as const },
      { path: `externalFees.${method}.fixedCentsFees`, label: `${name}: fixed amount`, kind: 'money' as const },
    ]),
  },
  {
    id: 'rates',
    legend: 'Exchange rates, coin prices and land value',
    applies: 'At once. Rates are how many of each currency one GBP buys; coin prices quote crypto buys unless a rate provider is set.',
    fields: [
      ...(['USD', 'EUR', 'AUD'] as const).map((currency) => ({ path: `exchangeRates.${currency}`, label: `GBP → ${currency} rate`, kind: 'rate' as const })),
      { path: 'cryptoPricesGbpInCents.BITCOIN', label: 'Price of 1 Bitcoin (BTC), GBP', kind: 'money', currency: 'GBP' },
      { path: 'cryptoPricesGbpInCents.ETHER', label: 'Price of 1 Ether (ETH), GBP', kind: 'money', currency: 'GBP' },
      { path: 'landValueGbpInCents', label: 'Total land value, GBP', kind: 'money', currency: 'GBP' },
      { path: 'maxLandUnitsForSaleBasisPoints', label: 'Maximum Units for sale (% of land value)', kind: 'percent' },
    ],
  },
  {
    id: 'limits',
    legend: 'Offers, locks and limits',
    applies: 'At once.',
    fields: [
      { path: 'doubleLandOfferCapUnits', label: 'LU2X offer cap (Units)', kind: 'count', unit: 'Units' },
      { path: 'bonusLockDays', label: 'Bonus Units locked for (days)', kind: 'count', unit: 'days' },
      { path: 'convertLockDays', label: 'Converted Units locked for (days)', kind: 'count', unit: 'days' },
      { path: 'buyOrderExpiryHours', label: 'Unpaid card and crypto buys expire after (hours)', kind: 'count', unit: 'hours' },
      ...CURRENCY_LIST.map((currency) => ({
        path: `bankPaymentBusinessDays.${currency}`,
        label: `Bank transfer deadline, ${currency} (business days)`,
        kind: 'count' as const,
        unit: 'business days',
      })),
      { path: 'purchaseLimitsInCents.emailVerified', label: 'Purchase limit: email confirmed', kind: 'money' },
      { path: 'purchaseLimitsInCents.profileApproved', label: 'Purchase limit: profile approved', kind: 'money' },
      { path: 'purchaseLimitsInCents.businessApproved', label: 'Purchase limit: business approved', kind: 'money' },
    ],
  },
];

/** The form's fieldsets, in order. Fields not listed (the None method's fee, the GBP rate of 1) are kept as they are. */
export const MONEY_SETTING_GROUPS: readonly SettingGroup[] = /* @__PURE__ */ moneySettingGroups();

export const MONEY_SETTING_FIELDS: readonly SettingField[] = /* @__PURE__ */ MONEY_SETTING_GROUPS.flatMap((group) => group.fields);

// ── Reading and writing a value by its dotted path ──

export function valueAt(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const key of path.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

function setAt(root: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = root;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    node = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : (node[key] = {});
  }
  node[keys[keys.length - 1] as string] = value;
}

// ── Conversions, exact on digits ──

/** '1.5' → 150, '0' → 0; up to 2 decimals. */
export function percentToBasisPoints(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

/** '7.5' → '0.075'; up to 4 decimals (the fraction keeps at most 6). */
export function percentToFraction(text: string): string | null {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return canonicalDecimal(rationalToDecimal({ num: BigInt(`${match[1]}${fraction}`), den: 100n * 10n ** BigInt(fraction.length) }, 6));
}

/** '1.00' or '1' → 100 cents; up to 2 decimals. */
export function amountToCents(text: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

/** 100 → '1.00'. */
export function centsToAmount(cents: number): string {
  return rationalToDecimal({ num: BigInt(cents), den: 100n }, 2);
}

/** '1.5' → '1.500000' (a price of up to 6 places, padded); anything else as typed. */
function padPrice(text: string): string {
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(text.trim());
  return match ? `${match[1]}.${(match[2] ?? '').padEnd(6, '0')}` : text;
}

/** A figure as the form shows it. */
export function fieldText(field: SettingField, value: unknown): string {
  switch (field.kind) {
    case 'percent':
      return typeof value === 'number' ? basisPointsToPercent(value) : String(value ?? '');
    case 'growth':
      return typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? fractionToPercent(value) : String(value ?? '');
    case 'money':
      return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? centsToAmount(value) : String(value ?? '');
    default:
      return String(value ?? '');
  }
}

/** A typed text as the settings store it; a text that does not convert is passed on as is. */
export function fieldValue(field: SettingField, text: string): unknown {
  const trimmed = text.trim();
  switch (field.kind) {
    case 'percent':
      return percentToBasisPoints(trimmed) ?? trimmed;
    case 'growth':
      return percentToFraction(trimmed) ?? trimmed;
    case 'money':
      return amountToCents(trimmed) ?? trimmed;
    case 'count':
      return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
    case 'price':
      return padPrice(trimmed);
    default:
      return trimmed;
  }
}

/** A figure for people, in its unit: '1.50%', '£1.00', '7.5%', '10 Units', '1 business day', '1.24'. */
export function displayValue(field: SettingField, value: unknown): string {
  const text = fieldText(field, value);
  switch (field.kind) {
    case 'percent':
    case 'growth':
      return `${text}%`;
    case 'money':
      return field.currency && typeof value === 'number' ? formatMoney(value, field.currency) : text;
    case 'count':
      // One of a plural unit is singular: '1 business day', '1 Unit'.
      return field.unit ? `${text} ${text === '1' ? field.unit.replace(/s$/, '') : field.unit}` : text;
    default:
      return text;
  }
}

export type MoneyFormValues = Readonly<Record<string, string>>;

/** The form's texts for the figures. */
export function moneyFiguresToForm(value: MoneyFigures): MoneyFormValues {
  return Object.fromEntries(MONEY_SETTING_FIELDS.map((field) => [field.path, fieldText(field, valueAt(value, field.path))]));
}

/** The figures the form's texts stand for, on top of `base` (which supplies the fields the form does not show). */
export function moneyFiguresFromForm(values: MoneyFormValues, base: MoneyFigures): unknown {
  const result = structuredClone(base) as unknown as Record<string, unknown>;
  for (const field of MONEY_SETTING_FIELDS) {
    const text = values[field.path];
    if (text !== undefined) setAt(result, field.path, fieldValue(field, text));
  }
  return result;
}

/** The form's check: the shared schema on the converted figures, messages at the fields' paths. */
export function moneyFiguresFormSchema(base: MoneyFigures) {
  return { safeParse: (values: unknown) => MoneyFiguresSchema.safeParse(moneyFiguresFromForm(values as MoneyFormValues, base)) };
}
