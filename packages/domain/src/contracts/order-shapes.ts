import { z } from 'zod';
import { ExternalFeeSchema } from '../money/settings';
import { CURRENCIES, UNIT_TYPES } from '../money/unit-types';
import { CryptoQuoteSchema } from '../orders/crypto-quotes';
import { REFERENCE_CODE_TYPES } from '../orders/reference-codes';
import { CRYPTO_KINDS, ORDER_STATUSES, ORDER_TYPES, PAYMENT_METHODS, STATUS_COLOURS } from '../orders/status';
import { BUY_PAYMENT_METHODS } from '../orders/transitions';
import { IsoDateTime, PAGING } from './contract';

/**
 * The shapes the orders API answers (docs/api/orders.md). Money is integer cents, Units whole
 * numbers, prices 6-decimal strings. The browser shows these figures; it never computes a total
 * the server would trust.
 */

const UnitTypeSchema = z.enum(UNIT_TYPES);
const CurrencySchema = z.enum(CURRENCIES);
const PriceSchema = z.string();
const cents = () => z.number().int();
const perUnitType = <T extends z.ZodType>(value: T) => z.object({ LAND_POUND: value, LAND_USD: value, LAND_EUR: value, LAND_AUD: value });
export const perCurrency = <T extends z.ZodType>(value: T) => z.object({ GBP: value, USD: value, EUR: value, AUD: value });
export { perUnitType };

export const ReferenceCodeDetailsSchema = z.object({
  code: z.string(),
  codeType: z.enum(REFERENCE_CODE_TYPES),
  isPercent: z.boolean(),
  amount: z.string(),
  discountValue: z.string(),
  bonusUnits: z.number().int(),
  minPaymentAmountInCents: cents().nullable(),
  maxPaymentAmountInCents: cents().nullable(),
  validUntil: IsoDateTime.nullable(),
});

export const StatusHistoryItemSchema = z.object({
  fromStatus: z.enum(ORDER_STATUSES).nullable(),
  toStatus: z.enum(ORDER_STATUSES),
  createdAt: IsoDateTime,
  reason: z.string().nullish(),
  actor: z.string().optional(),
});

/**
 * Admins only, on sales: where the payout stands under the four-eyes rule (PRODUCT-DECISIONS §12).
 * `mark` is the admin who marked it paid, with the bank's reference; null until then.
 */
export const PayoutStateSchema = z.object({
  amountCents: cents(),
  currency: CurrencySchema,
  needsSecondAdmin: z.boolean(),
  mark: z
    .object({
      bankReference: z.string(),
      markedBy: z.object({ userId: z.string(), name: z.string() }),
      markedAt: IsoDateTime,
      /** Whether the admin asking is the one who marked it (so cannot confirm it). */
      markedByYou: z.boolean(),
      confirmedBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
      confirmedAt: IsoDateTime.nullable(),
    })
    .nullable(),
});
export type PayoutState = z.output<typeof PayoutStateSchema>;

/** Who placed an order (admins only); the admin queue also names them. */
const PersonSchema = z.object({ userId: z.string(), email: z.string().nullable(), name: z.string().nullish() });

/** One order as its owner, its counterparty or an admin sees it. */
export const OrderViewSchema = z.object({
  orderId: z.string(),
  orderType: z.enum(ORDER_TYPES),
  orderStatus: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  statusColour: z.enum(Object.keys(STATUS_COLOURS) as [keyof typeof STATUS_COLOURS, ...(keyof typeof STATUS_COLOURS)[]]),
  direction: z.enum(['SENT', 'RECEIVED']).nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  currencyUnit: z.object({
    unitType: UnitTypeSchema,
    numberOfUnits: z.number().int(),
    pricePerUnit: PriceSchema.nullable(),
    buyOrderTransactionFeeInCents: cents().optional(),
    sellOrderTransactionFeeInUnits: z.number().int().optional(),
    convertOrderTransactionFeeInUnits: z.number().int().optional(),
    isDoubleLand: z.boolean().optional(),
  }),
  paymentDetails: z
    .object({
      currency: CurrencySchema,
      paymentMethod: z.enum(PAYMENT_METHODS),
      subTotal: cents(),
      discount: cents(),
      transactionFee: cents(),
      /** The payment method's fee amounts charged, in cents (not the rates). */
      paymentMethodFees: z.object({ fixedPercentageFees: z.number(), fixedCentsFees: cents() }),
      paymentAmount: cents(),
      /**
       * Buys: the payment method's fee terms the order was priced with, a percentage in basis points
       * (150 = 1.50 %) and a fixed amount in cents. Absent on buys placed before they were recorded.
       */
      paymentMethodFeeTerms: z.object({ percentageBasisPoints: z.number().int().nonnegative(), fixedCents: cents() }).nullish(),
    })
    .nullable(),
  buy: z
    .object({
      paymentId: z.string(),
      expiresAt: IsoDateTime.nullable(),
      /** Crypto buys: the coin and where to send it. */
      cryptoType: z.enum(CRYPTO_KINDS).nullish(),
      walletAddress: z.string().nullish(),
      /** Crypto buys: the coin amount last quoted to the buyer, with its rate and expiry (decision 0069). */
      cryptoQuote: CryptoQuoteSchema.nullish(),
      referenceCode: z.string().nullish(),
      referenceCodeDetails: ReferenceCodeDetailsSchema.nullish(),
      /** Units a BONUS code adds (locked after approval). */
      bonusUnits: z.number().int().optional(),
      bonusUnlockAt: IsoDateTime.nullish(),
      /** Card buys: how many cards were declined on this order (the order fails at MAX_CARD_DECLINES). */
      cardDeclines: z.number().int().nonnegative().optional(),
      /** Set when a provider reported another amount or currency: an admin checks it. */
      paymentFlag: z.string().nullish(),
    })
    .nullish(),
  sell: z.object({ unitsSold: z.number().int(), feeUnits: z.number().int(), payoutAmount: cents() }).nullish(),
  transfer: z.object({ recipientEmail: z.string().nullable(), scheduledDate: z.string().nullable() }).nullish(),
  convert: z
    .object({
      unitType: UnitTypeSchema,
      numberOfUnits: z.number().int(),
      pricePerUnit: PriceSchema,
      exchangeRate: z.string(),
      feeUnits: z.number().int(),
      unlockAt: IsoDateTime,
    })
    .nullish(),
  counterpartyEmail: z.string().nullish(),
  counterpartyName: z.string().nullish(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  statusHistory: z.array(StatusHistoryItemSchema).optional(),
  placedBy: PersonSchema.optional(),
  /** Admins only, on sales: the payout and its four-eyes state. */
  payout: PayoutStateSchema.optional(),
  /** Admins only: the recipient of a transfer. */
  recipientUserId: z.string().nullish(),
});
export type OrderView = z.output<typeof OrderViewSchema>;
export type StatusHistoryItem = z.output<typeof StatusHistoryItemSchema>;

export const TransactionsPageSchema = z.object({
  transactions: z.array(OrderViewSchema),
  /** Matching transactions, counted at most 1,000 rows past this page… */
  total: z.number().int(),
  /** …true when there are more than `total`. */
  totalCapped: z.boolean().optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TransactionsPage = z.output<typeof TransactionsPageSchema>;

/** The admin queue: a page of orders awaiting a decision, and every flagged payment. */
export const AdminQueuePageSchema = z.object({ orders: z.array(OrderViewSchema), flagged: z.array(OrderViewSchema).optional(), ...PAGING });
export type AdminQueuePage = z.output<typeof AdminQueuePageSchema>;
export type AdminOrder = AdminQueuePage['orders'][number];

export const UnitPriceSchema = z.object({
  pricePerUnit: PriceSchema,
  buyOrderTransactionFeeInCents: cents(),
  sellOrderTransactionFeeInUnits: z.number().int(),
  convertOrderTransactionFeeInUnits: z.number().int(),
  currency: CurrencySchema,
  symbol: z.string(),
});

/** GET /api/order/get_price. */
export const PriceListSchema = z.object({
  prices: perUnitType(UnitPriceSchema),
  externalFees: z.object(Object.fromEntries(BUY_PAYMENT_METHODS.map((m) => [m, ExternalFeeSchema])) as Record<(typeof BUY_PAYMENT_METHODS)[number], typeof ExternalFeeSchema>),
  priceDate: z.string(),
  nextChangeAt: IsoDateTime,
});
