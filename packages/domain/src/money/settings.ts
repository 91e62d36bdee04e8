import { z } from 'zod';
import type { PaymentMethod } from '../orders/status';
import { PriceSchema } from './decimal';

/**
 * The money settings an admin can edit (PRODUCT-DECISIONS §1, §2, §4), their defaults, and the
 * schema that checks an edited copy. Everything is JSON-friendly: money and counts are safe
 * integers, rates and the growth are decimal strings (never floats), prices are 6-place strings.
 *
 * Units of each field are in its name: `…InCents` are integer minor units of the currency,
 * `…BasisPoints` are hundredths of a percent (8474 = 84.74 %), `…Units` are whole Units.
 */

/** SPEC §8 statistics messages, reused for every numeric setting. */
export const SETTINGS_MESSAGES = {
  landValueZero: 'Total Land Value cannot be zero.',
  invalidPercentage: 'Invalid percentage value',
  invalidNumber: 'Invalid numeric value',
  gbpRateIsOne: 'Exchange rates are GBP-based: the GBP rate is 1',
} as const;

const M = SETTINGS_MESSAGES;

/*
 * The schemas are built by functions called once under a pure annotation, so a bundle that only
 * reads DEFAULT_MONEY_SETTINGS or the messages does not take in zod.
 */

/** A whole, non-negative, JSON-safe number (cents, units, days). */
const whole = () => z.number({ message: M.invalidNumber }).int(M.invalidNumber).min(0, M.invalidNumber).max(Number.MAX_SAFE_INTEGER, M.invalidNumber);

/** 0–10000 basis points (0 %–100 %). */
const basisPoints = () => z.number({ message: M.invalidPercentage }).int(M.invalidPercentage).min(0, M.invalidPercentage).max(10_000, M.invalidPercentage);

/** The most business days a bank buy may be given to arrive (four working weeks). */
export const MAX_BANK_PAYMENT_BUSINESS_DAYS = 20;

/** 1–20 business days. */
const businessDays = () => z.number({ message: M.invalidNumber }).int(M.invalidNumber).min(1, M.invalidNumber).max(MAX_BANK_PAYMENT_BUSINESS_DAYS, M.invalidNumber);

const isPositiveDecimal = (text: string) => /[1-9]/.test(text);

/** A positive exchange rate, plain digits, at most 6 decimal places. */
const rate = () =>
  z
    .string({ message: M.invalidNumber })
    .regex(/^\d{1,6}(\.\d{1,6})?$/, M.invalidNumber)
    .refine(isPositiveDecimal, M.invalidNumber);

/** The yearly growth as a fraction (0.075 = 7.5 %), 0 to 1, at most 6 decimal places. */
const growth = () => z.string({ message: M.invalidPercentage }).regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, M.invalidPercentage);

/** A real calendar date, YYYY-MM-DD, read as 00:00 UTC. */
const isoDate = () =>
  z
    .string({ message: 'Invalid date' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date')
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
    }, 'Invalid date');

const externalFee = () =>
  z.object({
    /** Basis points of the amount (150 = 1.50 %). The API's "percentage divisor 100" shows value / 100 as a percent. */
    fixedPercentageFees: basisPoints(),
    /** Cents of the order's currency. */
    fixedCentsFees: whole(),
  });

const perUnitType = <T extends z.ZodType>(schema: T) => z.object({ LAND_POUND: schema, LAND_USD: schema, LAND_EUR: schema, LAND_AUD: schema });
const perCurrency = <T extends z.ZodType>(schema: T) => z.object({ GBP: schema, USD: schema, EUR: schema, AUD: schema });

const moneySettings = () => {
  const fee = externalFee();
  return z.object({
    /** Yearly price growth as an exact decimal fraction: '0.075' = 7.5 %. */
    growthPerYear: growth(),
    /** Day 0 of the price formula, 00:00 UTC. */
    priceEpoch: isoDate(),
    /** P0 per unit type: the price on and before the epoch. */
    initialPrices: perUnitType(PriceSchema.refine(isPositiveDecimal, M.invalidNumber)),
    buyOrderTransactionFeeInCents: perCurrency(whole()),
    sellOrderTransactionFeeInUnits: whole(),
    convertOrderTransactionFeeInUnits: whole(),
    /** Fees of the payment method, added on top of a buy. The same figures apply in every currency. */
    externalFees: z.object({ Bank: fee, Crypto: fee, Card_Square: fee, Card_Stripe: fee, None: fee } satisfies Record<PaymentMethod, typeof fee>),
    /** How many of each currency one GBP buys. GBP itself is 1. */
    exchangeRates: z.object({ GBP: z.literal('1', { message: M.gbpRateIsOne }), USD: rate(), EUR: rate(), AUD: rate() }),
    /**
     * The price of one coin in GBP cents that crypto buys are quoted at when no rate provider is
     * set (CRYPTO_RATES_URL); other currencies are this × their rate (decision 0069).
     */
    cryptoPricesGbpInCents: z.object({ BITCOIN: whole().min(1, M.invalidNumber), ETHER: whole().min(1, M.invalidNumber) }),
    /** Value of the land managed, in GBP cents; other currencies are this × their rate. */
    landValueGbpInCents: whole().min(1, M.landValueZero),
    /** Share of the land value that may be outstanding as Units, in basis points (8474 = 84.74 %). */
    maxLandUnitsForSaleBasisPoints: basisPoints(),
    /** LU2X (double-land) offer: Units that may be sold under it in total. */
    doubleLandOfferCapUnits: whole(),
    bonusLockDays: whole(),
    convertLockDays: whole(),
    /** An Initiated card or crypto buy not paid within this many hours expires. */
    buyOrderExpiryHours: whole().min(1, M.invalidNumber),
    /**
     * An Initiated bank buy not paid within this many business days (Monday to Friday, UTC) of its
     * currency expires: the time the currency's bank rails need (Faster Payments, SEPA, SWIFT).
     */
    bankPaymentBusinessDays: perCurrency(businessDays()),
    /** Purchase limits per currency, in cents of that currency (an admin can override per user). */
    purchaseLimitsInCents: z.object({ emailVerified: whole(), profileApproved: whole(), businessApproved: whole() }),
    /** Where bank buyers send their money (shown on the bank payment page). */
    adminBankDetails: z.object({
      bankAccountName: z.string().max(200),
      bankName: z.string().max(200),
      sortCode: z.string().max(20),
      bankAccountNumber: z.string().max(40),
      iban: z.string().max(40),
      swiftBic: z.string().max(20),
      bankAddress: z.string().max(300),
    }),
    /** Where crypto buyers send their coins (shown on the crypto payment page). */
    adminCryptoWallets: z.object({ BITCOIN: z.string().max(120), ETHER: z.string().max(120) }),
  });
};

/** A real calendar date, YYYY-MM-DD. */
export const IsoDateSchema = /* @__PURE__ */ isoDate();
export const ExternalFeeSchema = /* @__PURE__ */ externalFee();
export type ExternalFee = z.infer<typeof ExternalFeeSchema>;
export const MoneySettingsSchema = /* @__PURE__ */ moneySettings();

export type MoneySettings = z.infer<typeof MoneySettingsSchema>;

export const DEFAULT_MONEY_SETTINGS = {
  growthPerYear: '0.075',
  priceEpoch: '2025-01-01',
  initialPrices: { LAND_POUND: '1.000000', LAND_USD: '1.000000', LAND_EUR: '1.000000', LAND_AUD: '1.000000' },
  buyOrderTransactionFeeInCents: { GBP: 100, USD: 100, EUR: 100, AUD: 100 },
  sellOrderTransactionFeeInUnits: 10,
  convertOrderTransactionFeeInUnits: 0,
  externalFees: {
    Bank: { fixedPercentageFees: 0, fixedCentsFees: 0 },
    Card_Stripe: { fixedPercentageFees: 150, fixedCentsFees: 20 },
    Card_Square: { fixedPercentageFees: 175, fixedCentsFees: 10 },
    Crypto: { fixedPercentageFees: 100, fixedCentsFees: 0 },
    None: { fixedPercentageFees: 0, fixedCentsFees: 0 },
  },
  exchangeRates: { GBP: '1', AUD: '1.99', EUR: '1.19', USD: '1.24' },
  // Demo prices of the embedded database; an admin keeps them current, or a rate provider is set.
  cryptoPricesGbpInCents: { BITCOIN: 6_500_000, ETHER: 250_000 },
  landValueGbpInCents: 847_390_000, // £8,473,900.00
  maxLandUnitsForSaleBasisPoints: 8474,
  doubleLandOfferCapUnits: 100_000,
  bonusLockDays: 180,
  convertLockDays: 30,
  buyOrderExpiryHours: 24,
  // Faster Payments arrive the same day, SEPA in one or two, SWIFT in up to four.
  bankPaymentBusinessDays: { GBP: 1, USD: 4, EUR: 2, AUD: 4 },
  purchaseLimitsInCents: {
    emailVerified: 100_000, // 1,000.00
    profileApproved: 10_000_000, // 100,000.00
    businessApproved: 100_000_000, // 1,000,000.00
  },
  // Demo values of the embedded database; an admin sets the real account.
  adminBankDetails: {
    bankAccountName: 'Land Units Ltd',
    bankName: 'Example Bank plc',
    sortCode: '04-00-04',
    bankAccountNumber: '12345678',
    iban: 'GB33BUKB20201555555555',
    swiftBic: 'EXBKGB2L',
    bankAddress: '1 Example Street, London EC1A 1AA, United Kingdom',
  },
  // Demo addresses of the embedded database (well-formed, not ours); an admin sets the real wallets.
  adminCryptoWallets: {
    BITCOIN: 'bc1qdemo0landunits0wallet0not0for0real0use0x9k3',
    ETHER: '0x1a2d000000000000000000000000000000005eed',
  },
} as const satisfies MoneySettings;
