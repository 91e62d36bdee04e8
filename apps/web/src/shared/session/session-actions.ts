import type { QueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY, sessionQueryOptions, type DashboardBundle } from './session';

/**
 * After the API has signed the visitor in (login, email confirmation): asks GET /api/user again so
 * the header, the guards and the dashboard see the new session. Resolves with the bundle, or null
 * when the browser did not keep the session (cookies blocked).
 */
export function refreshSession(client: QueryClient): Promise<DashboardBundle | null> {
  // The server still failing after the session read's own retries: not signed in as far as this page can tell.
  return client.fetchQuery({ ...sessionQueryOptions, staleTime: 0 }).catch(() => null);
}

/**
 * After the API has signed the visitor out: forgets everything cached about them and marks the
 * session signed out, without a request (SPEC §4: logout clears state).
 */
export function forgetSession(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  client.setQueryData<DashboardBundle | null>(SESSION_QUERY_KEY, null);
}
