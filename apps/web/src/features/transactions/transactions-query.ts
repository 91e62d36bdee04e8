import { DEFAULT_PAGE_SIZE, fieldErrors, TransactionsQuerySchema, type TransactionsQuery } from '@landunits/domain';
import type { Query } from '../../shared/api/api-client';

/**
 * The transaction list's filters, paging and sort live in the address (`?orderType=BUY&page=2`), so
 * back/forward and reload keep them. Values are read as text, checked with the domain schema the
 * API uses (same messages), and only then sent.
 */

export const FILTER_KEYS = ['fromDate', 'toDate', 'orderStatus', 'paymentMethod', 'orderType', 'unitType'] as const;
export const PARAM_KEYS = [...FILTER_KEYS, 'sortBy', 'sortDirection', 'page', 'pageSize'] as const;
export type ParamKey = (typeof PARAM_KEYS)[number];
export type RawParams = Readonly<Record<ParamKey, string>>;

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export const DEFAULT_PARAMS: RawParams = {
  fromDate: '',
  toDate: '',
  orderStatus: '',
  paymentMethod: '',
  orderType: '',
  unitType: '',
  sortBy: 'createdAt',
  sortDirection: 'desc',
  page: '1',
  pageSize: String(DEFAULT_PAGE_SIZE),
};

/** The parameters of an address's query string; missing ones take their defaults. */
export function readParams(search: string): RawParams {
  const params = new URLSearchParams(search);
  const raw = { ...DEFAULT_PARAMS } as Record<ParamKey, string>;
  for (const key of PARAM_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  return raw;
}

/** The query string of these parameters, defaults left out, in a fixed order: '?orderType=BUY&page=2' or ''. */
export function writeSearch(raw: RawParams): string {
  const params = new URLSearchParams();
  for (const key of PARAM_KEYS) {
    const value = raw[key].trim();
    if (value !== '' && value !== DEFAULT_PARAMS[key]) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export type CheckedParams = { ok: true; query: TransactionsQuery } | { ok: false; errors: Record<string, string> };

/** Checks the parameters with the API's schema: the query to send, or the messages per field. */
export function checkParams(raw: RawParams): CheckedParams {
  const result = TransactionsQuerySchema.safeParse(raw);
  return result.success ? { ok: true, query: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** What GET /api/order/getTransactions is sent: paging and sort always, filters when set. */
export function apiQuery(query: TransactionsQuery): Query {
  return {
    page: query.page,
    pageSize: query.pageSize,
    fromDate: query.fromDate,
    toDate: query.toDate,
    orderStatus: query.orderStatus,
    paymentMethod: query.paymentMethod,
    orderType: query.orderType,
    unitType: query.unitType,
    sortBy: query.sortBy,
    sortDirection: query.sortDirection,
  };
}

export const hasFilters = (raw: RawParams): boolean => FILTER_KEYS.some((key) => raw[key] !== '');
