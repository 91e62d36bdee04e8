import { DEFAULT_PAGE_SIZE, TransactionsQuerySchema, type TransactionsQuery } from '@landunits/domain';
import type { Query } from '../../../shared/api/api-client';
import { addressParams, type CheckedParams as SharedCheckedParams } from '../../../shared/lib/address-params';

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

export const { readParams, writeSearch, checkParams } = addressParams(PARAM_KEYS, DEFAULT_PARAMS, TransactionsQuerySchema);
export type CheckedParams = SharedCheckedParams<TransactionsQuery>;

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
