import { BREAKPOINTS } from '@landunits/domain';
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Narrower than the compact breakpoint (SPEC §9: 992 px). */
export const COMPACT_QUERY = `(max-width: ${BREAKPOINTS.compact - 0.02}px)`;
/** Narrower than the mobile breakpoint (768 px). */
export const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.mobile - 0.02}px)`;

export const useIsCompact = (): boolean => useMediaQuery(COMPACT_QUERY);
