import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage, isApiError } from '../api/api-error';
import { ErrorState } from './error-state';

export interface TokenGateProps<T> {
  /** The link's token; empty when the link had none. */
  token: string;
  /** The query's key, the token last. */
  queryKey: QueryKey;
  check: (token: string, signal: AbortSignal) => Promise<T>;
  /** Said when the link has no token at all. */
  noTokenMessage: string;
  /** What shows while the token is checked. */
  checking: ReactNode;
  /** The page's words for a link that does not work (no token, or refused with 400). */
  invalid: (message: string) => ReactNode;
  children: (answer: T) => ReactNode;
}

/**
 * The token of an email link checked before its page shows anything: once per page load, never
 * retried by itself. A refused link shows `invalid`; a failure that may pass offers Try again.
 */
export function TokenGate<T>({ token, queryKey, check, noTokenMessage, checking, invalid, children }: TokenGateProps<T>) {
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => check(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    meta: { silent: true },
  });
  if (!token) return <>{invalid(noTokenMessage)}</>;
  if (query.isPending) return <>{checking}</>;
  if (query.isError) {
    return isApiError(query.error) && query.error.status === 400 ? (
      <>{invalid(query.error.message)}</>
    ) : (
      <ErrorState title="We could not check your link" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  return <>{children(query.data)}</>;
}
