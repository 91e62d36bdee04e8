import { z } from 'zod';
import { DEFAULT_UNIT_TYPE, UNIT_TYPES } from '../money/unit-types';
import { EmailSchema, HubspotMetaSchema, MESSAGES } from '../validation/auth';
import { ORDER_STATUSES, ORDER_TYPES, PAYMENT_METHODS } from './status';

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
  orderTypeNotAvailable: 'This order type is not available yet.',
  unitType: 'Choose a unit type.',
  unitsRequired: 'Enter the number of Units.',
  unitsWhole: 'Units are whole numbers.',
  unitsMin: 'Enter at least 1 Unit.',
  unitsMax: 'That is more Units than we can handle in one order.',
  notSettable: 'This field cannot be set.',
  notAnOrder: 'Send the order as a JSON object.',
  recipientRequired: MESSAGES.emailRequired,
  noSuchRecipient: 'No Land Units user has this email address.',
  selfTransfer: 'You cannot transfer Units to yourself.',
  orderNotFound: 'Order not found.',
} as const;

// ── Create order ────────────────────────────────────────────────────────────────────────────

const numberOfUnits = () =>
  z
    .number({ message: ORDER_MESSAGES.unitsRequired })
    .int(ORDER_MESSAGES.unitsWhole)
    .min(1, ORDER_MESSAGES.unitsMin)
    .max(Number.MAX_SAFE_INTEGER, ORDER_MESSAGES.unitsMax);

/** Number of Units in an order: a positive safe integer, sent as a JSON number. */
export const NumberOfUnitsSchema = /* @__PURE__ */ numberOfUnits();

/** A missing group reads as an empty one, so the answer names its missing fields rather than the group. */
const absentAsEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

const createTransferOrder = () =>
  z.strictObject(
    {
      orderType: z.literal('TRANSFER', { message: ORDER_MESSAGES.orderType }),
      currencyUnit: absentAsEmpty(
        z.strictObject(
          {
            unitType: z.enum(UNIT_TYPES, { message: ORDER_MESSAGES.unitType }).default(DEFAULT_UNIT_TYPE),
            numberOfUnits: NumberOfUnitsSchema,
          },
          { message: ORDER_MESSAGES.unitsRequired },
        ),
      ),
      transfer: absentAsEmpty(z.strictObject({ recipientEmail: EmailSchema }, { message: ORDER_MESSAGES.recipientRequired })),
      hubspotMetaData: HubspotMetaSchema.optional(),
    },
    { message: ORDER_MESSAGES.notAnOrder },
  );

/** POST /api/order/create_order with orderType TRANSFER. Unknown fields (a status, a user id, a price…) are refused. */
export const CreateTransferOrderSchema = /* @__PURE__ */ createTransferOrder();
export type CreateTransferOrder = z.output<typeof CreateTransferOrderSchema>;

const orderTypeHead = () => z.object({ orderType: z.enum(ORDER_TYPES) });
const OrderTypeHeadSchema = /* @__PURE__ */ orderTypeHead();

const FORM_FIELD: Readonly<Record<string, string>> = {
  currencyUnit: 'numberOfUnits',
  'currencyUnit.unitType': 'unitType',
  'currencyUnit.numberOfUnits': 'numberOfUnits',
  transfer: 'recipientEmail',
  'transfer.recipientEmail': 'recipientEmail',
};

/**
 * Field errors keyed by the form's field names: `unitType`, `numberOfUnits`, `recipientEmail`
 * (the payload nests them under currencyUnit and transfer); each refused unknown field gets its own
 * key (`orderStatus`, `currencyUnit.pricePerUnit`). First message per field.
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

export type CreateOrderParse =
  | { success: true; data: CreateTransferOrder }
  | { success: false; reason: 'orderTypeNotAvailable' | 'invalid'; errors: Record<string, string> };

/**
 * Checks a create_order body. Only TRANSFER orders exist in this slice: a body naming another
 * known order type is `orderTypeNotAvailable` whatever its other fields; otherwise a failed check
 * is `invalid`, with `createOrderFieldErrors`.
 */
export function safeParseCreateOrder(body: unknown): CreateOrderParse {
  const head = OrderTypeHeadSchema.safeParse(body);
  if (head.success && head.data.orderType !== 'TRANSFER') {
    return { success: false, reason: 'orderTypeNotAvailable', errors: { orderType: ORDER_MESSAGES.orderTypeNotAvailable } };
  }
  const result = CreateTransferOrderSchema.safeParse(body);
  if (!result.success) return { success: false, reason: 'invalid', errors: createOrderFieldErrors(result.error) };
  return { success: true, data: result.data };
}

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

const transactionsQuery = () => {
  const date = isoDate();
  return z
    .object({
      page: optional(wholeNumber(TRANSACTION_MESSAGES.page, 1, 1_000_000_000)).transform((v) => v ?? 1),
      pageSize: optional(wholeNumber(TRANSACTION_MESSAGES.pageSize, 1, MAX_PAGE_SIZE)).transform((v) => v ?? DEFAULT_PAGE_SIZE),
      fromDate: optional(date),
      toDate: optional(date),
      orderStatus: optional(z.enum(ORDER_STATUSES, { message: TRANSACTION_MESSAGES.orderStatus })),
      paymentMethod: optional(z.enum(PAYMENT_METHODS, { message: TRANSACTION_MESSAGES.paymentMethod })),
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
