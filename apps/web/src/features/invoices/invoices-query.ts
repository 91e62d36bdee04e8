import { InvoiceListQuerySchema, type InvoiceListQuery } from '@landunits/domain';
import type { Query } from '../../shared/api/api-client';
import { addressParams, type CheckedParams as SharedCheckedParams } from '../../shared/lib/address-params';

/**
 * The invoices page's search lives in the address (`?fromDate=2026-01-01&orderId=7Q2KX`), so
 * back/forward and reload keep it; values are checked with the API's own schema (same messages).
 */

export const FILTER_KEYS = ['fromDate', 'toDate', 'orderId'] as const;
export const PARAM_KEYS = [...FILTER_KEYS, 'page'] as const;
export type ParamKey = (typeof PARAM_KEYS)[number];
export type RawParams = Readonly<Record<ParamKey, string>>;

export const DEFAULT_PARAMS: RawParams = { fromDate: '', toDate: '', orderId: '', page: '1' };

export const { readParams, writeSearch, checkParams } = addressParams(PARAM_KEYS, DEFAULT_PARAMS, InvoiceListQuerySchema);
export type CheckedParams = SharedCheckedParams<InvoiceListQuery>;

/** What GET /api/utility/invoices is sent: the page always, filters when set. */
export const apiQuery = (query: InvoiceListQuery): Query => ({ page: query.page, fromDate: query.fromDate, toDate: query.toDate, orderId: query.orderId });

export const hasFilters = (raw: RawParams): boolean => FILTER_KEYS.some((key) => raw[key] !== '');
