import { fieldErrors, InvoiceListQuerySchema, type InvoiceListQuery } from '@landunits/domain';
import type { Query } from '../../shared/api/api-client';

/**
 * The invoices page's search lives in the address (`?fromDate=2026-01-01&orderId=7Q2KX`), so
 * back/forward and reload keep it; values are checked with the API's own schema (same messages).
 */

export const FILTER_KEYS = ['fromDate', 'toDate', 'orderId'] as const;
export const PARAM_KEYS = [...FILTER_KEYS, 'page'] as const;
export type ParamKey = (typeof PARAM_KEYS)[number];
export type RawParams = Readonly<Record<ParamKey, string>>;

export const DEFAULT_PARAMS: RawParams = { fromDate: '', toDate: '', orderId: '', page: '1' };

export function readParams(search: string): RawParams {
  const params = new URLSearchParams(search);
  const raw = { ...DEFAULT_PARAMS } as Record<ParamKey, string>;
  for (const key of PARAM_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  return raw;
}

export function writeSearch(raw: RawParams): string {
  const params = new URLSearchParams();
  for (const key of PARAM_KEYS) {
    const value = raw[key].trim();
    if (value !== '' && value !== DEFAULT_PARAMS[key]) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export type CheckedParams = { ok: true; query: InvoiceListQuery } | { ok: false; errors: Record<string, string> };

export function checkParams(raw: RawParams): CheckedParams {
  const result = InvoiceListQuerySchema.safeParse(raw);
  return result.success ? { ok: true, query: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** What GET /api/utility/invoices is sent: the page always, filters when set. */
export const apiQuery = (query: InvoiceListQuery): Query => ({ page: query.page, fromDate: query.fromDate, toDate: query.toDate, orderId: query.orderId });

export const hasFilters = (raw: RawParams): boolean => FILTER_KEYS.some((key) => raw[key] !== '');
