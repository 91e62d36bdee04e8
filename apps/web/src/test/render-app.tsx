import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, type ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { Providers } from '../app/providers';
import { AppRoutes } from '../app/routes';
import { createQueryClient } from '../shared/api/query-client';
import { SESSION_QUERY_KEY, type DashboardBundle, type SessionUser } from '../shared/session/session';

export const TEST_USER: SessionUser = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  userType: 'USER',
  firstLogin: false,
};

export const TEST_ADMIN: SessionUser = { ...TEST_USER, email: 'admin@example.com', role: 'ADMIN', adminRole: 'OWNER' };

export function testQueryClient(session?: SessionUser | null): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  if (session !== undefined) {
    const bundle: DashboardBundle | null = session ? { user: session } : null;
    client.setQueryData(SESSION_QUERY_KEY, bundle);
  }
  return client;
}

/** Where the router is, for assertions: `location.current`. */
export interface LocationProbe {
  current: string;
}

/**
 * Keeps `locationRef.current` on the router's location. A layout effect runs in the same commit as the
 * new page, so a test that has found the new page's content also sees its location.
 */
export function ProbeLocation({ locationRef }: { locationRef: LocationProbe }) {
  const location = useLocation();
  const url = `${location.pathname}${location.search}${location.hash}`;
  useLayoutEffect(() => {
    locationRef.current = url;
  }, [locationRef, url]);
  return null;
}

/**
 * Renders the whole app at `path` with an in-memory router. `session` presets the signed-in user
 * (null: signed out); left out, the app asks GET /api/user like in the browser.
 */
export function renderApp(path: string, options: { session?: SessionUser | null } = {}) {
  return renderWithProviders(<AppRoutes />, { path, ...options });
}

/** Renders an element inside a memory router and the query provider. */
export function renderWithProviders(element: ReactElement, options: { path?: string; session?: SessionUser | null } = {}) {
  const client = testQueryClient(options.session);
  const location: LocationProbe = { current: options.path ?? '/' };
  // delay: null types each key without waiting a timer tick between keys: the same events and
  // order, without a macrotask per character.
  const user = userEvent.setup({ delay: null });
  const result = render(
    inProviders(
      <>
        {element}
        <ProbeLocation locationRef={location} />
      </>,
      client,
      options.path,
    ),
  );
  return { ...result, client, user, location };
}

/** `element` inside the query provider and a memory router at `path`, for render or renderToString. */
export function inProviders(element: ReactElement, client: QueryClient, path = '/') {
  return (
    <Providers client={client}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </Providers>
  );
}
