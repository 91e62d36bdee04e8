import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while a server-rendered page is being hydrated, true afterwards (and
 * from the start in a page rendered only in the browser). For things that must not be part of the
 * server's HTML, such as the cookie banner, which depends on what this browser has stored.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
