import { formatDateTime } from '@landunits/domain';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A section's filters, sort and page kept in the address (`?role=OWNER&page=2`), so reload, back
 * and forward and shared links keep them. Values equal to their default are left out of the address.
 */
export function useUrlParams<K extends string>(defaults: Readonly<Record<K, string>>) {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => {
    const query = new URLSearchParams(location.search);
    return Object.fromEntries((Object.keys(defaults) as K[]).map((key) => [key, query.get(key) ?? defaults[key]])) as Record<K, string>;
  }, [location.search, defaults]);
  const set = (next: Partial<Record<K, string>>) => {
    const merged = { ...params, ...next };
    const query = new URLSearchParams();
    for (const key of Object.keys(defaults) as K[]) if (merged[key] !== defaults[key]) query.set(key, merged[key]);
    const search = query.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' });
  };
  return { params, set, search: location.search };
}

/** '20 Nov 2026, 09:30 UTC': the one way a moment reads on every screen (the domain's formatDateTime). */
export const dateTimeUtc = (iso: string): string => formatDateTime(iso);
