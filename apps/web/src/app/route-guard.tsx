import { guard } from '@landunits/domain';
import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../shared/session/session';
import { PageLoading } from './pages/page-loading';
import { useCurrentRoute } from './route-handle';

const ForbiddenPage = lazy(() => import('./pages/forbidden-page').then((m) => ({ default: m.ForbiddenPage })));

/**
 * Applies the route table's access rule: signed-out visitors to protected pages go to
 * /login?next=…, signed-in visitors to guest pages go to /dashboard, admin pages show 403 to others.
 * Protected pages wait for the session behind a loading state of the page's size.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const route = useCurrentRoute();
  const session = useSession();
  const location = useLocation();

  if (route.access === 'public') return children;
  if (session.isLoading) return <PageLoading />;

  const decision = guard(route, session, `${location.pathname}${location.search}`);
  switch (decision.kind) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'forbidden':
      return <ForbiddenPage />;
    case 'allow':
      return children;
  }
}
