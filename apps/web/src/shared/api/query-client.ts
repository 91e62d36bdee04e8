import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '../session/session';
import { showToast } from '../ui/toast-store';
import { ApiError, errorMessage } from './api-error';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: Record<string, unknown> & { silent?: boolean };
    mutationMeta: Record<string, unknown> & { silent?: boolean };
  }
}

/**
 * SPEC §8 generic handler: the server's message as a bottom-centre toast, 'Network Error' when
 * the request never got an answer, otherwise the error's own message.
 */
export function notifyError(error: unknown): void {
  showToast(errorMessage(error), 'error');
}

/** The admin frame answers this refusal with its own panel (set up the authenticator app): no toast as well. */
const isSecondFactorRequired = (error: unknown) => error instanceof ApiError && error.code === 'SECOND_FACTOR_REQUIRED';

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * A read refused 401: the session ended on the server (signed out in another tab, expired, a
 * password reset). Asking for the session again turns the page signed out (the guards send a
 * signed-in page to /login), so nothing keeps asking for the person's data every minute.
 */
const sessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401;

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (sessionEnded(error)) void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        if (!query.meta?.silent && !isSecondFactorRequired(error)) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent && !isSecondFactorRequired(error)) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}
