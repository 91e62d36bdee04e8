import { z } from 'zod';
import { DEFAULT_CONVERT_TO, DEFAULT_UNIT_TYPE, UNIT_TYPES } from '../money/unit-types';
import { EmailSchema, HubspotMetaSchema, MESSAGES } from '../validation/auth';
import { CRYPTO_KINDS, DISPLAYED_STATUSES, ORDER_TYPES, PAYMENT_METHODS, type OrderStatus } from './status';
import { BUY_PAYMENT_METHODS } from './transitions';

/**
 * Request schemas of the order calls (SPEC §3), with their messages. The API parses with these;
 * the transfer form and the transactions filters validate with the same objects, so a message
 * lives here once.
 *
 * The schemas are built by functions called once under a pure annotation, so a page that only
 * needs a message or a constant does not pull zod into its bundle.
 */

export const ORDER_MESSAGES = {
  orderType: 'Choose an order type.',
  unitType: 'Choose a unit type.',
  unitsRequired: 'Enter the number of Units.',
  unitsWhole: 'Units are whole numbers.',
  unitsMin: 'Enter at least 1 Unit.',
  unitsMax: 'That is more Units than we can handle in one order.',
  notSettable: 'This field cannot be set.',
  notAnOrder: 'Send the order as a JSON object.',
  paymentMethod: 'Choose a payment method.',
  paymentMethodNotAvailable: 'This payment method is not available. Please choose another.',
  cryptoKind: 'Choose Bitcoin or Ether.',
  cryptoKindOnlyForCrypto: 'Only a crypto payment takes a coin.',
  referenceCodeFormat: 'Enter a code of 3 to 32 letters, digits or dashes.',
  doubleLandNoCodes: 'Reference codes cannot be used with the LU2X offer.',
  onlyInitiated: 'Only an order that has not been paid yet can be changed.',
  recipientRequired: MESSAGES.emailRequired,
  noSuchRecipient: 'No Land Units user has this email address.',
  selfTransfer: 'You cannot transfer Units to yourself.',
  scheduledDateRequired: 'Choose the date of the transfer.',
  scheduledDateFormat: 'Use a date in the form YYYY-MM-DD.',
  scheduledDateTooSoon: 'Choose a date from tomorrow onwards.',
  scheduledDateTooFar: 'Choose a date within one year from today.',
  convertTarget: 'Choose the unit type to convert to.',
  convertSameType: 'Choose a different unit type to convert to.',
  orderNotFound: 'Order not found.',
  orderIdRequired: 'Send the id of the order.',
  reasonRequired: 'Give a reason (at least 3 characters).',
  reasonTooLong: 'Keep the reason under 500 characters.',
  adminStatus: 'Choose a valid next status.',
} as const;

/** How far ahead a transfer may be scheduled (days after today, UTC). */
export const MAX_SCHEDULE_DAYS = 366;

// ── Create order ────────────────────────────────────────────────────────────────────────────

const numberOfUnits = () => z.number({ message: ORDER_MESSAGES.unitsRequired }).int(ORDER_MESSAGES.unitsWhole).min(1, ORDER_MESSAGES.unitsMin).max(Number.MAX_SAFE_INTEGER, ORDER_MESSAGES.unitsMax);

/** Number of Units in an order: a positive safe integer, sent as a JSON number. */
export const NumberOfUnitsSchema = /* @__PURE__ */ numberOfUnits();

/** A missing group reads as an empty one, so the answer names its missing fields rather than the group. */
const absentAsEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

const realIsoDate = (required: string, format: string) =>
  z
    .string({ message: required })
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, format)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, format);

/** Today's date (UTC) of `now`, YYYY-MM-DD. */
export function utcIsoDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** `isoDate` plus `days` days, YYYY-MM-DD (UTC calendar). */
export function addDaysIso(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The default date of a scheduled transfer: tomorrow (UTC). */
export function defaultScheduledDate(now: Date): string {
  return addDaysIso(utcIsoDate(now), 1);
}

/**
 * Whether a transfer may be scheduled on `scheduledDate` (YYYY-MM-DD) when today is `now`: from
 * tomorrow (UTC) to MAX_SCHEDULE_DAYS ahead. Returns the message to show, or null. The server checks
 * with its clock; the form uses the same function for its early message.
 */
export function scheduledDateProblem(scheduledDate: string, now: Date): string | null {
  const today = utcIsoDate(now);
  if (scheduledDate <= today) return ORDER_MESSAGES.scheduledDateTooSoon;
  if (scheduledDate > addDaysIso(today, MAX_SCHEDULE_DAYS)) return ORDER_MESSAGES.scheduledDateTooFar;
  return null;
}

/** A reference code as typed: letters, digits and dashes, compared without case (stored upper-case). */
const referenceCode = () =>
  z
    .string({ message: ORDER_MESSAGES.referenceCodeFormat })
    .trim()
    .regex(/^[A-Za-z0-9-]{3,32}$/, ORDER_MESSAGES.referenceCodeFormat)
    .transform((code) => code.toUpperCase());
export const ReferenceCodeSchema = /* @__PURE__ */ referenceCode();

const buildCreateOrder = () => {
  const currencyUnit = () =>
    absentAsEmpty(
      z.strictObject(
        {
          unitType: z.enum(UNIT_TYPES, { message: ORDER_MESSAGES.unitType }).default(DEFAULT_UNIT_TYPE),
          numberOfUnits: NumberOfUnitsSchema,
        },
        { message: ORDER_MESSAGES.unitsRequired },
      ),
    );
  const hubspotMetaData = HubspotMetaSchema.optional();
  const order = <S extends z.ZodRawShape>(shape: S) => z.strictObject(shape, { message: ORDER_MESSAGES.notAnOrder });

  const buy = order({
    orderType: z.literal('BUY'),
    currencyUnit: absentAsEmpty(
      z.strictObject(
        {
          unitType: z.enum(UNIT_TYPES, { message: ORDER_MESSAGES.unitType }).default(DEFAULT_UNIT_TYPE),
          numberOfUnits: NumberOfUnitsSchema,
          /** The LU2X double-land offer: half price, Units locked (PRODUCT-DECISIONS §4). */
          isDoubleLand: z.boolean({ message: ORDER_MESSAGES.notSettable }).default(false),
        },
        { message: ORDER_MESSAGES.unitsRequired },
      ),
    ),
    paymentDetails: absentAsEmpty(
      z.strictObject(
        {
          paymentMethod: z.enum(BUY_PAYMENT_METHODS, { message: ORDER_MESSAGES.paymentMethod }),
          /** Crypto only: the coin paid in. */
          cryptoType: z.enum(CRYPTO_KINDS, { message: ORDER_MESSAGES.cryptoKind }).optional(),
        },
        { message: ORDER_MESSAGES.paymentMethod },
      ),
    ),
    buy: z.strictObject({ referenceCode: ReferenceCodeSchema.optional() }, { message: ORDER_MESSAGES.referenceCodeFormat }).optional(),
    hubspotMetaData,
  })
    .refine((o) => o.paymentDetails.paymentMethod !== 'Crypto' || o.paymentDetails.cryptoType !== undefined, { path: ['paymentDetails', 'cryptoType'], message: ORDER_MESSAGES.cryptoKind })
    .refine((o) => o.paymentDetails.paymentMethod === 'Crypto' || o.paymentDetails.cryptoType === undefined, {
      path: ['paymentDetails', 'cryptoType'],
      message: ORDER_MESSAGES.cryptoKindOnlyForCrypto,
    })
    .refine((o) => !(o.currencyUnit.isDoubleLand && o.buy?.referenceCode), { path: ['buy', 'referenceCode'], message: ORDER_MESSAGES.doubleLandNoCodes });
  const sell = order({ orderType: z.literal('SELL'), currencyUnit: currencyUnit(), hubspotMetaData });
  const transfer = order({
    orderType: z.literal('TRANSFER'),
    currencyUnit: currencyUnit(),
    transfer: absentAsEmpty(z.strictObject({ recipientEmail: EmailSchema }, { message: ORDER_MESSAGES.recipientRequired })),
    hubspotMetaData,
  });
  const futureTransfer = order({
    orderType: z.literal('TRANSFER_FUTURE'),
    currencyUnit: currencyUnit(),
    transfer: absentAsEmpty(
      z.strictObject(
        {
          recipientEmail: EmailSchema,
          scheduledDate: realIsoDate(ORDER_MESSAGES.scheduledDateRequired, ORDER_MESSAGES.scheduledDateFormat),
        },
        { message: ORDER_MESSAGES.recipientRequired },
      ),
    ),
    hubspotMetaData,
  });
  const convert = order({
    orderType: z.literal('CONVERT'),
    currencyUnit: currencyUnit(),
    convert: absentAsEmpty(z.strictObject({ unitType: z.enum(UNIT_TYPES, { message: ORDER_MESSAGES.convertTarget }).default(DEFAULT_CONVERT_TO) }, { message: ORDER_MESSAGES.convertTarget })),
    hubspotMetaData,
  }).refine((o) => o.convert.unitType !== o.currencyUnit.unitType, { path: ['convert', 'unitType'], message: ORDER_MESSAGES.convertSameType });

  return { BUY: buy, SELL: sell, TRANSFER: transfer, TRANSFER_FUTURE: futureTransfer, CONVERT: convert } as const;
};

/**
 * POST /api/order/create_order, one schema per order type. Unknown fields (a status, a user id, a
 * price, a total…) are refused: the server computes every figure.
 */
export const CREATE_ORDER_SCHEMAS = /* @__PURE__ */ buildCreateOrder();
export const CreateTransferOrderSchema = CREATE_ORDER_SCHEMAS.TRANSFER;

export type CreateBuyOrder = z.output<typeof CREATE_ORDER_SCHEMAS.BUY>;
export type CreateSellOrder = z.output<typeof CREATE_ORDER_SCHEMAS.SELL>;
export type CreateTransferOrder = z.output<typeof CREATE_ORDER_SCHEMAS.TRANSFER>;
export type CreateFutureTransferOrder = z.output<typeof CREATE_ORDER_SCHEMAS.TRANSFER_FUTURE>;
export type CreateConvertOrder = z.output<typeof CREATE_ORDER_SCHEMAS.CONVERT>;
export type CreateOrder = CreateBuyOrder | CreateSellOrder | CreateTransferOrder | CreateFutureTransferOrder | CreateConvertOrder;

const orderTypeHead = () => z.object({ orderType: z.enum(ORDER_TYPES) });
const OrderTypeHeadSchema = /* @__PURE__ */ orderTypeHead();

const FORM_FIELD: Readonly<Record<string, string>> = {
  currencyUnit: 'numberOfUnits',
  'currencyUnit.unitType': 'unitType',
  'currencyUnit.numberOfUnits': 'numberOfUnits',
  transfer: 'recipientEmail',
  'transfer.recipientEmail': 'recipientEmail',
  'transfer.scheduledDate': 'scheduledDate',
  paymentDetails: 'paymentMethod',
  'paymentDetails.paymentMethod': 'paymentMethod',
  'paymentDetails.cryptoType': 'cryptoType',
  'currencyUnit.isDoubleLand': 'isDoubleLand',
  buy: 'referenceCode',
  'buy.referenceCode': 'referenceCode',
  convert: 'convertUnitType',
  'convert.unitType': 'convertUnitType',
};

/**
 * Field errors keyed by the form's field names: `unitType`, `numberOfUnits`, `recipientEmail`,
 * `scheduledDate`, `paymentMethod`, `convertUnitType` (the payload nests them); each refused unknown
 * field gets its own key (`orderStatus`, `currencyUnit.pricePerUnit`). First message per field.
 */
export function createOrderFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  const put = (key: string, message: string) => {
    if (!(key in errors)) errors[key] = message;
  };
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) put([...path, key].join('.'), ORDER_MESSAGES.notSettable);
      continue;
    }
    put(FORM_FIELD[path.join('.')] ?? (path.length ? path.join('.') : '_'), issue.message);
  }
  return errors;
}

export type CreateOrderParse = { success: true; data: CreateOrder } | { success: false; errors: Record<string, string> };

/** Checks a create_order body against the schema of its order type. */
export function safeParseCreateOrder(body: unknown): CreateOrderParse {
  const head = OrderTypeHeadSchema.safeParse(body);
  if (!head.success) {
    const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
    return { success: false, errors: isObject ? { orderType: ORDER_MESSAGES.orderType } : { _: ORDER_MESSAGES.notAnOrder } };
  }
  const result = CREATE_ORDER_SCHEMAS[head.data.orderType].safeParse(body);
  if (!result.success) return { success: false, errors: createOrderFieldErrors(result.error) };
  return { success: true, data: result.data as CreateOrder };
}

// ── Order actions ───────────────────────────────────────────────────────────────────────────

// Strict: a body that tries to set anything else (a status, an amount, an owner) is refused, not ignored.
const orderIdBody = () =>
  z.strictObject({
    orderId: z.string({ message: ORDER_MESSAGES.orderIdRequired }).min(1, ORDER_MESSAGES.orderIdRequired).max(64, ORDER_MESSAGES.orderNotFound),
    hubspotMetaData: HubspotMetaSchema.optional(),
  });

/** success_order, cancel_order, cancel-future-transfer: `{orderId}`. */
export const OrderIdBodySchema = /* @__PURE__ */ orderIdBody();

const updateOrderAmount = () =>
  z.strictObject({
    orderId: z.string({ message: ORDER_MESSAGES.orderIdRequired }).min(1, ORDER_MESSAGES.orderIdRequired).max(64, ORDER_MESSAGES.orderNotFound),
    numberOfUnits: NumberOfUnitsSchema,
  });

/** POST /api/order/update_order_amount: `{orderId, numberOfUnits}`, for an Initiated buy. */
export const UpdateOrderAmountSchema = /* @__PURE__ */ updateOrderAmount();
export type UpdateOrderAmount = z.output<typeof UpdateOrderAmountSchema>;

/** What an admin may move an order to (PRODUCT-DECISIONS §3); the order's flow decides which apply. */
export const ADMIN_TARGET_STATUSES = ['Approved', 'Failed', 'PartialComplete', 'AllUnitSold', 'Completed'] as const satisfies readonly OrderStatus[];
export type AdminTargetStatus = (typeof ADMIN_TARGET_STATUSES)[number];

const adminTransition = () =>
  z.strictObject({
    toStatus: z.enum(ADMIN_TARGET_STATUSES, { message: ORDER_MESSAGES.adminStatus }),
    reason: z.string({ message: ORDER_MESSAGES.reasonRequired }).trim().min(3, ORDER_MESSAGES.reasonRequired).max(500, ORDER_MESSAGES.reasonTooLong),
  });

/** POST /api/admin/orders/:id/transition: `{toStatus, reason}`; the reason is kept in the status history. */
export const AdminTransitionSchema = /* @__PURE__ */ adminTransition();
export type AdminTransition = z.output<typeof AdminTransitionSchema>;

/** Statuses in which an order waits for an admin. */
export const AWAITING_ADMIN_STATUSES = ['PaymentSent', 'PaymentSent_FromUserCrypto', 'FundsWaitingApproval', 'PartialComplete', 'AllUnitSold'] as const satisfies readonly OrderStatus[];

// ── Recipient lookup ────────────────────────────────────────────────────────────────────────

const recipientLookupQuery = () => z.object({ email: EmailSchema });

/** GET /api/user/getUserNameByEmail?email=…: the address a sender is about to transfer to. */
export const RecipientLookupQuerySchema = /* @__PURE__ */ recipientLookupQuery();

// ── Transactions list ───────────────────────────────────────────────────────────────────────

export const TRANSACTION_SORT_FIELDS = ['createdAt', 'numberOfUnits', 'orderStatus'] as const;
export type TransactionSortField = (typeof TRANSACTION_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Rows a page may reach into the list (offset + page size): pages stay cheap however long the history. */
export const MAX_LIST_WINDOW = 10_000;

export const TRANSACTION_MESSAGES = {
  page: 'Page must be a whole number of at least 1.',
  pageTooFar: `Only the newest ${/* @__PURE__ */ MAX_LIST_WINDOW.toLocaleString('en-US')} transactions can be paged through; narrow the dates to see older ones.`,
  pageSize: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
  date: 'Use a date in the form YYYY-MM-DD.',
  dateOrder: 'The end date must not be before the start date.',
  orderStatus: 'Choose a valid order status.',
  paymentMethod: 'Choose a valid payment method.',
  orderType: 'Choose a valid order type.',
  unitType: 'Choose a valid unit type.',
  sortBy: 'Sort by createdAt, numberOfUnits or orderStatus.',
  sortDirection: 'Sort direction must be asc or desc.',
} as const;

/** An empty query value (`?orderStatus=`) means "no filter", as an "All" choice in a form sends it. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string({ message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

const isoDate = () =>
  z
    .string({ message: TRANSACTION_MESSAGES.date })
    .regex(/^\d{4}-\d{2}-\d{2}$/, TRANSACTION_MESSAGES.date)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, TRANSACTION_MESSAGES.date);

/**
 * Payment methods a transaction list can be filtered by: each stored method, plus 'Card' for a card
 * payment through either provider (customers see "Card", never the provider).
 */
export const TRANSACTION_PAYMENT_FILTERS = [...PAYMENT_METHODS, 'Card'] as const;

const transactionsQuery = () => {
  const date = isoDate();
  return z
    .object({
      page: optional(wholeNumber(TRANSACTION_MESSAGES.page, 1, 1_000_000_000)).transform((v) => v ?? 1),
      pageSize: optional(wholeNumber(TRANSACTION_MESSAGES.pageSize, 1, MAX_PAGE_SIZE)).transform((v) => v ?? DEFAULT_PAGE_SIZE),
      fromDate: optional(date),
      toDate: optional(date),
      orderStatus: optional(z.enum(DISPLAYED_STATUSES, { message: TRANSACTION_MESSAGES.orderStatus })),
      paymentMethod: optional(z.enum(TRANSACTION_PAYMENT_FILTERS, { message: TRANSACTION_MESSAGES.paymentMethod })),
      orderType: optional(z.enum(ORDER_TYPES, { message: TRANSACTION_MESSAGES.orderType })),
      unitType: optional(z.enum(UNIT_TYPES, { message: TRANSACTION_MESSAGES.unitType })),
      sortBy: optional(z.enum(TRANSACTION_SORT_FIELDS, { message: TRANSACTION_MESSAGES.sortBy })).transform((v) => v ?? 'createdAt'),
      sortDirection: optional(z.enum(SORT_DIRECTIONS, { message: TRANSACTION_MESSAGES.sortDirection })).transform((v) => v ?? 'desc'),
    })
    .superRefine((q, issues) => {
      if (q.fromDate && q.toDate && q.toDate < q.fromDate) issues.addIssue({ code: 'custom', path: ['toDate'], message: TRANSACTION_MESSAGES.dateOrder });
      if (q.page * q.pageSize > MAX_LIST_WINDOW) issues.addIssue({ code: 'custom', path: ['page'], message: TRANSACTION_MESSAGES.pageTooFar });
    });
};

/** GET /api/order/getTransactions filters (SPEC §3), as query-string values. Unknown query parameters are ignored. */
export const TransactionsQuerySchema = /* @__PURE__ */ transactionsQuery();
export type TransactionsQuery = z.output<typeof TransactionsQuerySchema>;
