import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/auth';
import { fieldErrors } from '../validation/field-errors';
import {
  addDaysIso,
  CreateTransferOrderSchema,
  defaultScheduledDate,
  MAX_SCHEDULE_DAYS,
  scheduledDateProblem,
  DEFAULT_PAGE_SIZE,
  MAX_LIST_WINDOW,
  MAX_PAGE_SIZE,
  ORDER_MESSAGES,
  RecipientLookupQuerySchema,
  safeParseCreateOrder,
  TRANSACTION_MESSAGES,
  TransactionsQuerySchema,
} from './requests';

const transfer = (extra: Record<string, unknown> = {}) => ({
  orderType: 'TRANSFER',
  currencyUnit: { unitType: 'LAND_USD', numberOfUnits: 7 },
  transfer: { recipientEmail: ' Bob@Example.com ' },
  ...extra,
});

describe('safeParseCreateOrder', () => {
  it('accepts a transfer, lower-cases the recipient and defaults the unit type', () => {
    expect(safeParseCreateOrder(transfer())).toEqual({
      success: true,
      data: { orderType: 'TRANSFER', currencyUnit: { unitType: 'LAND_USD', numberOfUnits: 7 }, transfer: { recipientEmail: 'bob@example.com' } },
    });
    const result = safeParseCreateOrder(transfer({ currencyUnit: { numberOfUnits: 1 } }));
    expect(result.success && result.data.currencyUnit.unitType).toBe('LAND_POUND');
  });

  it('keeps known marketing metadata and drops what it does not know inside it', () => {
    const result = safeParseCreateOrder(transfer({ hubspotMetaData: { hutk: 'abc', other: 1 } }));
    expect(result.success && result.data.hubspotMetaData).toEqual({ hutk: 'abc' });
  });

  it('refuses every unknown field, each under its own key, nested ones with dots', () => {
    const body = {
      ...transfer({ orderStatus: 'Approved', userId: 'someone' }),
      currencyUnit: { numberOfUnits: 1, pricePerUnit: '0.01' },
      transfer: { recipientEmail: 'bob@example.com', senderEmail: 'eve@example.com' },
    };
    expect(safeParseCreateOrder(body)).toEqual({
      success: false,
      errors: {
        orderStatus: ORDER_MESSAGES.notSettable,
        userId: ORDER_MESSAGES.notSettable,
        'currencyUnit.pricePerUnit': ORDER_MESSAGES.notSettable,
        'transfer.senderEmail': ORDER_MESSAGES.notSettable,
      },
    });
  });

  it('names the form fields, not the payload groups, for missing or malformed groups', () => {
    const expected = { success: false, errors: { numberOfUnits: ORDER_MESSAGES.unitsRequired, recipientEmail: MESSAGES.emailRequired } };
    expect(safeParseCreateOrder({ orderType: 'TRANSFER' })).toEqual(expected);
    expect(safeParseCreateOrder({ orderType: 'TRANSFER', currencyUnit: 7, transfer: 'bob' })).toEqual(expected);
  });

  it.each([
    [0, ORDER_MESSAGES.unitsMin],
    [1.5, ORDER_MESSAGES.unitsWhole],
    [2 ** 53, ORDER_MESSAGES.unitsWhole], // not a safe integer
    ['5', ORDER_MESSAGES.unitsRequired],
    [null, ORDER_MESSAGES.unitsRequired],
  ])('refuses %s Units', (numberOfUnits, message) => {
    expect(safeParseCreateOrder(transfer({ currencyUnit: { numberOfUnits } }))).toEqual({ success: false, errors: { numberOfUnits: message } });
  });

  it('refuses an unknown unit type under the form field name', () => {
    const result = safeParseCreateOrder(transfer({ currencyUnit: { unitType: 'LAND_YEN', numberOfUnits: 1 } }));
    expect(result).toEqual({ success: false, errors: { unitType: ORDER_MESSAGES.unitType } });
  });

  it('parses every order type, with the defaults of SPEC §4', () => {
    expect(safeParseCreateOrder({ orderType: 'BUY', currencyUnit: { numberOfUnits: 5 }, paymentDetails: { paymentMethod: 'Bank' } })).toEqual({
      success: true,
      data: { orderType: 'BUY', currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 5, isDoubleLand: false }, paymentDetails: { paymentMethod: 'Bank' } },
    });
    expect(
      safeParseCreateOrder({
        orderType: 'BUY',
        currencyUnit: { numberOfUnits: 5 },
        paymentDetails: { paymentMethod: 'Crypto', cryptoType: 'ETHER' },
        buy: { referenceCode: ' spring-10 ' },
      }),
    ).toEqual({
      success: true,
      data: {
        orderType: 'BUY',
        currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 5, isDoubleLand: false },
        paymentDetails: { paymentMethod: 'Crypto', cryptoType: 'ETHER' },
        buy: { referenceCode: 'SPRING-10' },
      },
    });
    expect(safeParseCreateOrder({ orderType: 'SELL', currencyUnit: { numberOfUnits: 50, unitType: 'LAND_EUR' } })).toEqual({
      success: true,
      data: { orderType: 'SELL', currencyUnit: { unitType: 'LAND_EUR', numberOfUnits: 50 } },
    });
    expect(safeParseCreateOrder({ orderType: 'CONVERT', currencyUnit: { numberOfUnits: 20 } })).toEqual({
      success: true,
      data: { orderType: 'CONVERT', currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 20 }, convert: { unitType: 'LAND_USD' } },
    });
    expect(safeParseCreateOrder({ orderType: 'TRANSFER_FUTURE', currencyUnit: { numberOfUnits: 5 }, transfer: { recipientEmail: 'Bob@Example.com', scheduledDate: '2026-11-22' } })).toEqual({
      success: true,
      data: { orderType: 'TRANSFER_FUTURE', currencyUnit: { unitType: 'LAND_POUND', numberOfUnits: 5 }, transfer: { recipientEmail: 'bob@example.com', scheduledDate: '2026-11-22' } },
    });
  });

  it('refuses a buy without a method, with an unknown one, a coin that does not fit, or a code with LU2X', () => {
    expect(safeParseCreateOrder({ orderType: 'BUY', currencyUnit: { numberOfUnits: 5 } })).toEqual({ success: false, errors: { paymentMethod: ORDER_MESSAGES.paymentMethod } });
    expect(safeParseCreateOrder({ orderType: 'BUY', currencyUnit: { numberOfUnits: 5 }, paymentDetails: { paymentMethod: 'Cash' } })).toEqual({
      success: false,
      errors: { paymentMethod: ORDER_MESSAGES.paymentMethod },
    });
    for (const paymentMethod of ['Bank', 'Card_Stripe', 'Card_Square']) {
      expect(safeParseCreateOrder({ orderType: 'BUY', currencyUnit: { numberOfUnits: 5 }, paymentDetails: { paymentMethod, cryptoType: 'BITCOIN' } })).toEqual({
        success: false,
        errors: { cryptoType: ORDER_MESSAGES.cryptoKindOnlyForCrypto },
      });
    }
    expect(safeParseCreateOrder({ orderType: 'BUY', currencyUnit: { numberOfUnits: 5 }, paymentDetails: { paymentMethod: 'Crypto' } })).toEqual({
      success: false,
      errors: { cryptoType: ORDER_MESSAGES.cryptoKind },
    });
    expect(safeParseCreateOrder({ orderType: 'BUY', currencyUnit: { numberOfUnits: 5, isDoubleLand: true }, paymentDetails: { paymentMethod: 'Bank' }, buy: { referenceCode: 'ABC' } })).toEqual({
      success: false,
      errors: { referenceCode: ORDER_MESSAGES.doubleLandNoCodes },
    });
    expect(safeParseCreateOrder({ orderType: 'SELL', currencyUnit: { numberOfUnits: 50, isDoubleLand: true } })).toEqual({
      success: false,
      errors: { 'currencyUnit.isDoubleLand': ORDER_MESSAGES.notSettable },
    });
  });

  it('refuses a conversion into the same unit type and a malformed or impossible date', () => {
    expect(safeParseCreateOrder({ orderType: 'CONVERT', currencyUnit: { numberOfUnits: 5, unitType: 'LAND_USD' } })).toEqual({
      success: false,
      errors: { convertUnitType: ORDER_MESSAGES.convertSameType },
    });
    for (const scheduledDate of ['tomorrow', '2026-02-30', '', 20261122]) {
      const result = safeParseCreateOrder({ orderType: 'TRANSFER_FUTURE', currencyUnit: { numberOfUnits: 5 }, transfer: { recipientEmail: 'bob@example.com', scheduledDate } });
      expect(result.success).toBe(false);
      expect(result.success ? null : Object.keys(result.errors)).toEqual(['scheduledDate']);
    }
  });

  it('schedules from tomorrow to a year ahead (UTC)', () => {
    const now = new Date('2026-11-21T23:59:59Z');
    expect(defaultScheduledDate(now)).toBe('2026-11-22');
    expect(scheduledDateProblem('2026-11-21', now)).toBe(ORDER_MESSAGES.scheduledDateTooSoon);
    expect(scheduledDateProblem('2020-01-01', now)).toBe(ORDER_MESSAGES.scheduledDateTooSoon);
    expect(scheduledDateProblem('2026-11-22', now)).toBeNull();
    expect(scheduledDateProblem(addDaysIso('2026-11-21', MAX_SCHEDULE_DAYS), now)).toBeNull();
    expect(scheduledDateProblem(addDaysIso('2026-11-21', MAX_SCHEDULE_DAYS + 1), now)).toBe(ORDER_MESSAGES.scheduledDateTooFar);
  });

  it('refuses an unknown order type and a body that is not an object', () => {
    expect(safeParseCreateOrder(transfer({ orderType: 'GIFT' }))).toEqual({ success: false, errors: { orderType: ORDER_MESSAGES.orderType } });
    expect(safeParseCreateOrder({ whatever: 1 })).toEqual({ success: false, errors: { orderType: ORDER_MESSAGES.orderType } });
    for (const body of [null, [], 'order', 42]) {
      expect(safeParseCreateOrder(body)).toEqual({ success: false, errors: { _: ORDER_MESSAGES.notAnOrder } });
    }
  });

  it('is the schema the forms use', () => {
    expect(CreateTransferOrderSchema.safeParse(transfer()).success).toBe(true);
  });
});

describe('RecipientLookupQuerySchema', () => {
  it('normalises the address and refuses a malformed one', () => {
    expect(RecipientLookupQuerySchema.parse({ email: ' Ada@Example.COM ', other: 'x' })).toEqual({ email: 'ada@example.com' });
    expect(fieldErrors(RecipientLookupQuerySchema.safeParse({ email: 'not-an-email' }).error!)).toEqual({ email: MESSAGES.emailInvalid });
  });
});

describe('TransactionsQuerySchema', () => {
  const errorsOf = (query: Record<string, unknown>) => {
    const result = TransactionsQuerySchema.safeParse(query);
    return result.success ? {} : fieldErrors(result.error);
  };

  it('fills the defaults and ignores unknown parameters', () => {
    expect(TransactionsQuerySchema.parse({ foo: 'bar' })).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE, sortBy: 'createdAt', sortDirection: 'desc' });
  });

  it('reads query-string values into numbers and keeps the filters', () => {
    expect(
      TransactionsQuerySchema.parse({
        page: '3',
        pageSize: '50',
        fromDate: '2026-01-01',
        toDate: '2026-01-31',
        orderStatus: 'Completed',
        paymentMethod: 'None',
        orderType: 'TRANSFER',
        unitType: 'LAND_EUR',
        sortBy: 'numberOfUnits',
        sortDirection: 'asc',
      }),
    ).toEqual({
      page: 3,
      pageSize: 50,
      fromDate: '2026-01-01',
      toDate: '2026-01-31',
      orderStatus: 'Completed',
      paymentMethod: 'None',
      orderType: 'TRANSFER',
      unitType: 'LAND_EUR',
      sortBy: 'numberOfUnits',
      sortDirection: 'asc',
    });
  });

  it('reads an empty value as no filter', () => {
    expect(TransactionsQuerySchema.parse({ page: '', orderStatus: '', fromDate: '', sortBy: '' })).toEqual({
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      sortBy: 'createdAt',
      sortDirection: 'desc',
    });
  });

  it.each([
    [{ page: '0' }, { page: TRANSACTION_MESSAGES.page }],
    [{ page: '1.5' }, { page: TRANSACTION_MESSAGES.page }],
    [{ page: 2 }, { page: TRANSACTION_MESSAGES.page }],
    [{ page: ['1', '2'] }, { page: TRANSACTION_MESSAGES.page }],
    [{ pageSize: String(MAX_PAGE_SIZE + 1) }, { pageSize: TRANSACTION_MESSAGES.pageSize }],
    [{ fromDate: '2026-02-30' }, { fromDate: TRANSACTION_MESSAGES.date }],
    [{ toDate: '2026-1-5' }, { toDate: TRANSACTION_MESSAGES.date }],
    [{ fromDate: '2026-01-13', toDate: '2026-01-12' }, { toDate: TRANSACTION_MESSAGES.dateOrder }],
    [{ orderStatus: 'Done' }, { orderStatus: TRANSACTION_MESSAGES.orderStatus }],
    // The filter takes the statuses as shown; internal names are not filter values.
    [{ orderStatus: 'PaymentSent' }, { orderStatus: TRANSACTION_MESSAGES.orderStatus }],
    [
      { sortBy: 'price', sortDirection: 'up' },
      { sortBy: TRANSACTION_MESSAGES.sortBy, sortDirection: TRANSACTION_MESSAGES.sortDirection },
    ],
  ])('refuses %j', (query, errors) => {
    expect(errorsOf(query)).toEqual(errors);
  });

  it(`lets pages reach the newest ${MAX_LIST_WINDOW} rows and no further`, () => {
    const lastPage = MAX_LIST_WINDOW / MAX_PAGE_SIZE;
    expect(errorsOf({ page: String(lastPage), pageSize: String(MAX_PAGE_SIZE) })).toEqual({});
    expect(errorsOf({ page: String(lastPage + 1), pageSize: String(MAX_PAGE_SIZE) })).toEqual({ page: TRANSACTION_MESSAGES.pageTooFar });
    expect(TRANSACTION_MESSAGES.pageTooFar).toContain('newest 10,000 transactions');
  });
});
