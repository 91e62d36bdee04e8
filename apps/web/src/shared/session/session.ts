import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { isAdminRole, SESSION_HINT_COOKIE, type AdminRole } from '@landunits/domain';
import { api } from '../api/api-client';
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

/**
 * SPEC §4: the current user is fetched at start. Any failure (401, 404, network) means signed out;
 * it is silent because being signed out is not an error worth a toast.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: async ({ signal }): Promise<DashboardBundle | null> => {
    // No session hint: signed out, without asking (and without a 401 in the console).
    if (!readCookie(SESSION_HINT_COOKIE)) return null;
    try {
      const body = await api.get<unknown>('/user', { signal });
      const user = toUser(body);
      return user ? { ...(body as Record<string, unknown>), user } : null;
    } catch (error) {
      if (signal.aborted) throw error;
      // The session ended on the server (logout elsewhere, password reset, expiry): drop the hint.
      writeCookie(SESSION_HINT_COOKIE, '', { maxAgeSeconds: 0 });
      return null;
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
