import { z } from 'zod';
import { ExternalFeeSchema } from '../money/settings';
import { PORTFOLIO_MESSAGES, PORTFOLIO_RANGES } from '../money/portfolio';
import { CurrencySchema, UNIT_TYPES } from '../money/unit-types';
import { CRYPTO_KINDS } from '../orders/status';
import { BUY_PAYMENT_METHODS } from '../orders/transitions';
import { USER_TYPES } from '../validation/auth';
import { VERIFICATION_STATUSES } from '../verification';
import { IsoDateTime } from './contract';
import { perCurrency, perUnitType, UnitPriceSchema } from './order-shapes';
import { EMAIL_CHANGE_STATUSES } from '../validation/account-settings';

/** What the person sees of their open email change request (`emailChange` of GET /api/user). */
export const EmailChangeViewSchema = z.object({
  id: z.string(),
  status: z.enum(EMAIL_CHANGE_STATUSES),
  /** The address asked for; null until step 2. */
  newEmail: z.string().nullable(),
  /** The supporting document's file name once uploaded. */
  documentName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The reason of the last rejection, when an admin rejected an earlier request. */
  rejectionReason: z.string().nullable(),
});
export type EmailChangeView = z.output<typeof EmailChangeViewSchema>;

/** The signed-in person as every account answer shows them. */
export const UserViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.enum(USER_TYPES),
  role: z.enum([...USER_TYPES, 'ADMIN']),
  firstLogin: z.boolean(),
  businessName: z.string().optional(),
  profileVerificationStatus: z.enum(VERIFICATION_STATUSES),
  bankVerificationStatus: z.enum(VERIFICATION_STATUSES),
});

export const HoldingSchema = z.object({
  owned: z.number().int(),
  owned_DOUBLE_LAND: z.number().int(),
  pendingBuy: z.number().int(),
  pendingSell: z.number().int(),
  transferQueued: z.number().int(),
  convertLocked: z.number().int(),
  bonusLocked: z.number().int(),
  units_valued: z.number().int(),
  total_value_bought: z.number(),
  total_value_today: z.number(),
  profit: z.number(),
  profit_percentage: z.string(),
  currencyType: z.enum(['GBP', 'USD', 'EUR', 'AUD']),
});

/** Bonus Units of one BONUS-code buy, still locked. */
export const LockedBonusItemSchema = z.object({
  orderId: z.string(),
  code: z.string().nullable(),
  /** When they unlock; null while the buy waits for its payment to be approved. */
  unlockDate: IsoDateTime.nullable(),
  lockedUnits: z.number().int(),
  unitType: z.enum(UNIT_TYPES).optional(),
});
export type LockedBonusItem = z.output<typeof LockedBonusItemSchema>;

/** A person's LU2X Units of one unit type: still locked, and the next monthly unlock. */
export const DoubleLandStatusSchema = z.object({ lockedUnits: z.number().int(), nextUnlockAt: IsoDateTime.nullable(), nextUnlockUnits: z.number().int() });
export type DoubleLandStatus = z.output<typeof DoubleLandStatusSchema>;

export const AdminBankDetailsSchema = z.object({
  bankAccountName: z.string(),
  bankName: z.string(),
  sortCode: z.string(),
  bankAccountNumber: z.string(),
  iban: z.string(),
  swiftBic: z.string(),
  bankAddress: z.string(),
});
export type AdminBankDetails = z.output<typeof AdminBankDetailsSchema>;

export const LandUnitStatsSchema = z.object({
  growthPerYear: z.string(),
  priceEpoch: z.string(),
  initialPrices: perUnitType(z.string()),
  landValues: perCurrency(z.number()),
  maxLandUnitsForSalePercentage: z.string(),
  unitsAvailable: perUnitType(z.number()),
});
export type LandUnitStats = z.output<typeof LandUnitStatsSchema>;

/** GET /api/user: the signed-in person with their holdings, today's prices and the dashboard figures. */
export const DashboardDataSchema = z.object({
  user: UserViewSchema,
  prices: perUnitType(UnitPriceSchema),
  externalFees: z.object(Object.fromEntries(BUY_PAYMENT_METHODS.map((m) => [m, ExternalFeeSchema])) as Record<(typeof BUY_PAYMENT_METHODS)[number], typeof ExternalFeeSchema>),
  userDashBoardDetails: z.object({
    userAnalytics: perUnitType(HoldingSchema),
    buyOrderBonusLockedByStatus: z.object({ LockedBonusApproved: z.array(LockedBonusItemSchema), PaymentSent: z.array(LockedBonusItemSchema) }),
    purchaseLimit: perCurrency(z.object({ limitInCents: z.number().int(), usedInCents: z.number().int() })),
    doubleLand: perUnitType(DoubleLandStatusSchema).optional(),
    doubleLandOffer: z.object({ capUnits: z.number().int(), remainingUnits: z.number().int() }).optional(),
  }),
  landUnitStats: LandUnitStatsSchema,
  exchangeRate: perCurrency(z.string()),
  adminBankDetails: AdminBankDetailsSchema,
  /** Where crypto payments go, per coin (each order also carries its own address). */
  cryptoWallets: z.partialRecord(z.enum(CRYPTO_KINDS), z.string()).optional(),
  emailChange: EmailChangeViewSchema.nullable(),
});
export type DashboardData = z.output<typeof DashboardDataSchema>;

const nonNegativeCents = () => z.number().int().nonnegative();

/** GET /api/user/portfolio's query: the display currency (the saved one when absent) and how far back the chart goes. */
export const PortfolioQuerySchema = z.object({
  currency: CurrencySchema.optional(),
  range: z.enum(PORTFOLIO_RANGES, { message: PORTFOLIO_MESSAGES.range }).default('3M'),
});

/** A person's money in one display currency (integer cents), from the ledger and today's prices. */
export const PortfolioSchema = z.object({
  currency: CurrencySchema,
  /** available + locked + pending. */
  total: nonNegativeCents(),
  available: nonNegativeCents(),
  locked: nonNegativeCents(),
  pending: nonNegativeCents(),
  /** Per unit type: Units held (every bucket but pendingBuy) and their value in the display currency. */
  holdings: z.array(z.object({ unitType: z.enum(UNIT_TYPES), units: z.number().int().nonnegative(), value: nonNegativeCents() })),
  /** Units bought and awaiting payment approval: not counted above. */
  awaitingPayment: z.array(z.object({ unitType: z.enum(UNIT_TYPES), units: z.number().int().positive() })),
  /** The value of what the person held at the end of each UTC day (today: now), oldest first. */
  history: z.array(z.object({ date: z.string(), value: nonNegativeCents() })),
  /** The GBP-based exchange rates used, and the UTC day of the prices. */
  exchangeRates: z.record(CurrencySchema, z.string()),
  priceDate: z.string(),
});
export type Portfolio = z.output<typeof PortfolioSchema>;

export const DisplayCurrencySchema = z.object({ currency: CurrencySchema });
