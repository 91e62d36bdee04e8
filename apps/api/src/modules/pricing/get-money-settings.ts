import {
  DEFAULT_COMPANY_DETAILS,
  DEFAULT_MONEY_SETTINGS,
  EarlierPriceTermsSchema,
  fieldErrors,
  MoneySettingsSchema,
  type CompanyDetails,
  type EarlierPriceTerms,
  type MoneySettings,
} from '@landunits/domain';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { settings } from './schema';

/** The key of the money settings' row in `settings`. */
export const MONEY_SETTINGS_KEY = 'money';
/** The key of the payment details' row (bank account, wallets, company details). */
export const PAYMENT_DETAILS_KEY = 'payment-details';

/** The money settings with the rows they came from; version 0 when no row exists (defaults). */
export interface StoredMoneySettings {
  /**
   * The settings as stored: the newest figures (price terms that may only start tomorrow: see
   * `earlierPrices` and `moneySettingsOn`), with the payment details row's account and wallets.
   */
  settings: MoneySettings;
  /** The price terms still in force until their `until` day, after an approved price change; or null. */
  earlierPrices: EarlierPriceTerms | null;
  /** The company's legal details (the payment details row, or the defaults). */
  company: CompanyDetails;
  /** The money row's version plus the payment details row's: goes up by one on every write of either; 0 means the defaults. */
  version: number;
  /** Each row's own version (0: no row). */
  versions: { money: number; paymentDetails: number };
  /** When each row was written (null: no row). */
  updatedAts: { money: Date | null; paymentDetails: Date | null };
  /** The newest write of the two rows. */
  updatedAt: Date | null;
  /** Who wrote the money row last. */
  updatedBy: string | null;
}

/** A stored value that fails the schema: a broken row must stop prices, not be replaced by guesses. */
export class InvalidStoredSettingsError extends Error {
  constructor(readonly issues: Record<string, string>) {
    super(
      `The stored money settings are invalid: ${Object.entries(issues)
        .map(([field, message]) => `${field}: ${message}`)
        .join('; ')}`,
    );
    this.name = 'InvalidStoredSettingsError';
  }
}

/**
 * How a stored payment details row is read: the shapes of the money settings (lengths only), so a
 * rule made stricter later for new proposals never stops the prices of a row written before it.
 */
const storedPaymentDetails = () =>
  MoneySettingsSchema.pick({ adminBankDetails: true, adminCryptoWallets: true }).extend({
    company: z.object({ legalName: z.string(), address: z.string(), registrationNumber: z.string(), vatNumber: z.string() }),
  });
const StoredPaymentDetailsSchema = /* @__PURE__ */ storedPaymentDetails();

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parsed<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = fieldErrors(result.error);
  throw new InvalidStoredSettingsError(prefix ? Object.fromEntries(Object.entries(issues).map(([k, v]) => [`${prefix}.${k}`, v])) : issues);
}

/**
 * Reads the money settings and payment details rows (one query), checked with the domain's
 * schemas. Without a row the defaults apply (nothing needs seeding). A top-level field missing
 * from a stored money row (a setting added to the schema after the row was written) takes its
 * default; any other invalid value throws.
 */
export async function loadMoneySettings(db: Db): Promise<StoredMoneySettings> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [MONEY_SETTINGS_KEY, PAYMENT_DETAILS_KEY]));
  const money = rows.find((row) => row.key === MONEY_SETTINGS_KEY);
  const payment = rows.find((row) => row.key === PAYMENT_DETAILS_KEY);
  let figures: MoneySettings = DEFAULT_MONEY_SETTINGS;
  let earlierPrices: EarlierPriceTerms | null = null;
  if (money) {
    if (!isObject(money.value)) throw new InvalidStoredSettingsError({ _: 'not an object' });
    figures = parsed(MoneySettingsSchema, { ...DEFAULT_MONEY_SETTINGS, ...money.value });
    const earlier = money.value.earlierPrices;
    if (earlier !== undefined && earlier !== null) earlierPrices = parsed(EarlierPriceTermsSchema, earlier, 'earlierPrices');
  }
  let company: CompanyDetails = DEFAULT_COMPANY_DETAILS;
  let result: MoneySettings = figures;
  if (payment) {
    const details = parsed(StoredPaymentDetailsSchema, payment.value, PAYMENT_DETAILS_KEY);
    result = { ...figures, adminBankDetails: details.adminBankDetails, adminCryptoWallets: details.adminCryptoWallets };
    company = details.company;
  }
  const times = [money?.updatedAt, payment?.updatedAt].filter((t): t is Date => t instanceof Date);
  const versions = { money: money?.version ?? 0, paymentDetails: payment?.version ?? 0 };
  return {
    settings: result,
    earlierPrices,
    company,
    version: versions.money + versions.paymentDetails,
    versions,
    updatedAts: { money: money?.updatedAt ?? null, paymentDetails: payment?.updatedAt ?? null },
    updatedAt: times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : null,
    updatedBy: money?.updatedBy ?? null,
  };
}

/** The money settings as stored (the newest price terms, even if they start tomorrow); the defaults when there is no row. */
export async function getMoneySettings(db: Db): Promise<MoneySettings> {
  return (await loadMoneySettings(db)).settings;
}
