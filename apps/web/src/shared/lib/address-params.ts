import { fieldErrors } from '@landunits/domain';
import type { z } from 'zod';

/**
 * A list page's filters, paging and sort kept in the address (`?orderType=BUY&page=2`), so
 * back/forward and reload keep them: read as text with defaults, written back without the
 * defaults in a fixed order, and checked with the API's own schema (same messages) before sending.
 */
export type CheckedParams<Q> = { ok: true; query: Q } | { ok: false; errors: Record<string, string> };

export function addressParams<K extends string, S extends z.ZodType>(keys: readonly K[], defaults: Readonly<Record<K, string>>, schema: S) {
  return {
    /** The parameters of an address's query string; missing ones take their defaults. */
    readParams(search: string): Readonly<Record<K, string>> {
      const params = new URLSearchParams(search);
      const raw = { ...defaults } as Record<K, string>;
      for (const key of keys) {
        const value = params.get(key);
        if (value !== null && value !== '') raw[key] = value;
      }
      return raw;
    },
    /** The query string of these parameters, defaults left out: '?orderType=BUY&page=2' or ''. */
    writeSearch(raw: Readonly<Record<K, string>>): string {
      const params = new URLSearchParams();
      for (const key of keys) {
        const value = raw[key].trim();
        if (value !== '' && value !== defaults[key]) params.set(key, value);
      }
      const text = params.toString();
      return text ? `?${text}` : '';
    },
    /** Checks the parameters with the API's schema: the query to send, or the messages per field. */
    checkParams(raw: Readonly<Record<K, string>>): CheckedParams<z.output<S>> {
      const result = schema.safeParse(raw);
      return result.success ? { ok: true, query: result.data } : { ok: false, errors: fieldErrors(result.error) };
    },
  };
}
