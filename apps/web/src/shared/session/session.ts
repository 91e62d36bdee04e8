import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { isAdminRole, SESSION_HINT_COOKIE, type AdminRole } from '@landunits/domain';
import { DASHBOARD_CONTRACTS } from '@landunits/domain/contracts';
import { call } from '../api/api-client';
import { ApiError, NetworkError } from '../api/api-error';
import { readCookie, writeCookie } from '../lib/cookies';

/**
 * The signed-in user as far as the web shell needs it. The dashboard bundle that GET /api/user
 * answers carries more (prices, analytics...); features read those parts themselves.
 */
export interface SessionUser {
  email: string;
  firstName: string;
  lastName: string;
  userType: 'USER' | 'BUSINESS' | (string & {});
  firstLogin: boolean;
  role?: string;
  /** An admin's role (OWNER, COMPLIANCE, FINANCE, SUPPORT): which admin sections they may open. */
  adminRole?: AdminRole | null;
  /** Profile (KYC) and bank verification statuses: selling needs both Approved. */
  profileVerificationStatus?: string;
  bankVerificationStatus?: string;
}

export interface Session {
  isAuth: boolean;
  user: SessionUser | null;
  isAdmin: boolean;
  /** The admin's role; null for everyone else. */
  adminRole: AdminRole | null;
  /** True until the first answer (or failure) of GET /api/user. */
  isLoading: boolean;
}

/** GET /api/user answers the dashboard bundle: the user plus prices, analytics and more. */
export type DashboardBundle = Record<string, unknown> & { user: SessionUser };

export const SESSION_QUERY_KEY = ['session'] as const;

function toUser(body: unknown): SessionUser | null {
  if (typeof body !== 'object' || body === null) return null;
  const user = (body as { user?: unknown }).user;
  if (typeof user !== 'object' || user === null) return null;
  const u = user as Record<string, unknown>;
  if (typeof u.email !== 'string') return null;
  // The other fields of the bundle's user (verification statuses…) are kept for the features.
  return {
    ...u,
    email: u.email,
    firstName: typeof u.firstName === 'string' ? u.firstName : '',
    lastName: typeof u.lastName === 'string' ? u.lastName : '',
    userType: typeof u.userType === 'string' ? u.userType : 'USER',
    firstLogin: u.firstLogin === true,
    role: typeof u.role === 'string' ? u.role : undefined,
    adminRole: isAdminRole(u.adminRole) ? u.adminRole : undefined,
  };
}

/** Tries of GET /api/user when it gets no answer or a 5xx/429 (a restart, a busy moment), and the pause before each retry. */
const SESSION_TRIES = 3;
const SESSION_RETRY_PAUSES_MS = [500, 1_500];

/** A failure that says nothing of the session: no answer, the server busy or failing. */
const isTransient = (error: unknown) => error instanceof NetworkError || (error instanceof ApiError && (error.status >= 500 || error.status === 429));

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * SPEC §4: the current user is fetched at start. A failure means signed out, silently (being
 * signed out is not an error worth a toast). Only the server's refusal (401, 403, 404) says the
 * session has ended and drops the hint cookie; no answer or a 5xx/429 is tried again first and,
 * when it persists, fails the query: the session already read is kept, and so is the hint, so the
 * next page load asks again.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: async ({ signal }): Promise<DashboardBundle | null> => {
    // No session hint: signed out, without asking (and without a 401 in the console).
    if (!readCookie(SESSION_HINT_COOKIE)) return null;
    for (let attempt = 1; ; attempt++) {
      try {
        const body = await call(DASHBOARD_CONTRACTS.dashboard, { signal });
        const user = toUser(body);
        return user ? { ...(body as Record<string, unknown>), user } : null;
      } catch (error) {
        if (signal.aborted) throw error;
        if (!isTransient(error)) {
          // The session ended on the server (logout elsewhere, password reset, expiry): drop the hint.
          writeCookie(SESSION_HINT_COOKIE, '', { maxAgeSeconds: 0 });
          return null;
        }
        // Still failing: an error, so a session already read stays as it was (a first read shows signed out).
        if (attempt >= SESSION_TRIES) throw error;
        await pause(SESSION_RETRY_PAUSES_MS[attempt - 1] ?? 1_500, signal);
        if (signal.aborted) throw error;
      }
    }
  },
  meta: { silent: true },
  retry: false,
  staleTime: 5 * 60_000,
});

/**
 * What the server knew of the signed-in hint cookie when it rendered the page (undefined in the
 * browser, which reads the cookie itself): both must draw the same header before hydration.
 */
export const SessionHintContext = createContext<boolean | undefined>(undefined);

/** Whether this visitor is probably signed in (the hint cookie), before GET /api/user answers. */
export function useSessionHint(): boolean {
  const fromServer = useContext(SessionHintContext);
  if (fromServer !== undefined) return fromServer;
  return typeof document !== 'undefined' && Boolean(readCookie(SESSION_HINT_COOKIE));
}

export function useSession(): Session {
  const { data, isPending } = useQuery(sessionQueryOptions);
  const user = data?.user ?? null;
  return {
    isAuth: user !== null,
    user,
    isAdmin: user?.role === 'ADMIN',
    adminRole: user?.role === 'ADMIN' ? (user.adminRole ?? null) : null,
    isLoading: isPending,
  };
}
