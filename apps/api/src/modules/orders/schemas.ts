import {
  DEFAULT_UNIT_TYPE,
  EmailSchema,
  HubspotMetaSchema,
  MESSAGES,
  ORDER_STATUSES,
  ORDER_TYPES,
  PAYMENT_METHODS,
  UNIT_TYPES,
} from '@landunits/domain';
import { z } from 'zod';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';

/**
 * Request schemas of the order calls, with their messages.
 * TODO(domain): these belong in packages/domain (src/orders) so the transfer form and the
 * transactions filters validate with the same objects; they live here until that package is edited.
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

/** Number of Units in an order: a positive safe integer, sent as a JSON number. */
export const NumberOfUnitsSchema = z
  .number({ message: ORDER_MESSAGES.unitsRequired })
  .int(ORDER_MESSAGES.unitsWhole)
  .min(1, ORDER_MESSAGES.unitsMin)
  .max(Number.MAX_SAFE_INTEGER, ORDER_MESSAGES.unitsMax);

const UnitTypeField = z.enum(UNIT_TYPES, { message: ORDER_MESSAGES.unitType });

/** A missing group reads as an empty one, so the answer names its missing fields rather than the group. */
const absentAsEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

/** POST /api/order/create_order with orderType TRANSFER. Unknown fields (a status, a user id, a price…) are refused. */
export const CreateTransferOrderSchema = z.strictObject({
  orderType: z.literal('TRANSFER', { message: ORDER_MESSAGES.orderType }),
  currencyUnit: absentAsEmpty(
    z.strictObject(
      {
        unitType: UnitTypeField.default(DEFAULT_UNIT_TYPE),
        numberOfUnits: NumberOfUnitsSchema,
      },
      { message: ORDER_MESSAGES.unitsRequired },
    ),
  ),
  transfer: absentAsEmpty(z.strictObject({ recipientEmail: EmailSchema }, { message: ORDER_MESSAGES.recipientRequired })),
  hubspotMetaData: HubspotMetaSchema.optional(),
}, { message: ORDER_MESSAGES.notAnOrder });
export type CreateTransferOrder = z.output<typeof CreateTransferOrderSchema>;

const OrderTypeHead = z.object({ orderType: z.enum(ORDER_TYPES) });

const FORM_FIELD: Record<string, string> = {
  currencyUnit: 'numberOfUnits',
  'currencyUnit.unitType': 'unitType',
  'currencyUnit.numberOfUnits': 'numberOfUnits',
  transfer: 'recipientEmail',
  'transfer.recipientEmail': 'recipientEmail',
};

/**
 * Field errors keyed by the form's field names: `unitType`, `numberOfUnits`, `recipientEmail`
 * (the payload nests them under currencyUnit and transfer); each refused unknown field gets its own key.
 */
function createOrderFieldErrors(error: z.ZodError): Record<string, string> {
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

/** Parses a create_order body: only TRANSFER orders exist in this slice; other types are refused with 400. */
export function parseCreateOrder(body: unknown): CreateTransferOrder {
  const head = OrderTypeHead.safeParse(body);
  if (head.success && head.data.orderType !== 'TRANSFER') {
    throw new AppError('BAD_REQUEST', ORDER_MESSAGES.orderTypeNotAvailable, { orderType: ORDER_MESSAGES.orderTypeNotAvailable });
  }
  const result = CreateTransferOrderSchema.safeParse(body);
  if (!result.success) throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, createOrderFieldErrors(result.error));
  return result.data;
}

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
  pageTooFar: `Only the newest ${MAX_LIST_WINDOW.toLocaleString('en-US')} transactions can be paged through; narrow the dates to see older ones.`,
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

const IsoDate = z
  .string({ message: TRANSACTION_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, TRANSACTION_MESSAGES.date)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, TRANSACTION_MESSAGES.date);

/** GET /api/order/getTransactions filters (SPEC §3). Unknown query parameters are ignored. */
export const TransactionsQuerySchema = z
  .object({
    page: optional(wholeNumber(TRANSACTION_MESSAGES.page, 1, 1_000_000_000)).transform((v) => v ?? 1),
    pageSize: optional(wholeNumber(TRANSACTION_MESSAGES.pageSize, 1, MAX_PAGE_SIZE)).transform((v) => v ?? DEFAULT_PAGE_SIZE),
    fromDate: optional(IsoDate),
    toDate: optional(IsoDate),
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
export type TransactionsQuery = z.output<typeof TransactionsQuerySchema>;

export const OrderIdParamsSchema = z.object({ id: z.string() });

export const EmailQuerySchema = z.object({ email: EmailSchema });
