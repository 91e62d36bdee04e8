import { guard } from '@landunits/domain';
import { lazy, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../shared/session/session';
import { PageLoading } from './pages/page-loading';
import { useCurrentRoute } from './route-handle';

const ForbiddenPage = lazy(() => import('./pages/forbidden-page').then((m) => ({ default: m.ForbiddenPage })));
const StaffNoticePage = lazy(() => import('./pages/staff-notice-page').then((m) => ({ default: m.StaffNoticePage })));

/**
 * Applies the route table's access rule: signed-out visitors to protected pages go to
 * /login?next=…, signed-in visitors to guest pages go to /dashboard, admin pages show 403 to others,
 * and staff accounts are told they hold no Units on the pages that buy, sell or transfer them.
 * Protected pages wait for the session behind a loading state of the page's size.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const route = useCurrentRoute();
  const session = useSession();
  const location = useLocation();
  // Whether the visitor was signed in when this location was first shown with a known session.
  const [arrival, setArrival] = useState<[key?: string, isAuth?: boolean]>([]);
  if (!session.isLoading && arrival[0] !== location.key) setArrival([location.key, session.isAuth]);

  if (route.access === 'public') return children;
  if (session.isLoading) return <PageLoading />;
  // Signed out (or just signed out by the page itself): there is nothing to come back to.
  if (route.path === '/logout' && !session.isAuth) return <Navigate to="/login" replace />;
  // A guest page that signed its visitor in (log in) leads them on by itself, to `next` or the
  // API's landing page; a redirect to /dashboard here would race that navigation.
  if (route.access === 'guest' && session.isAuth && arrival[1] === false) return children;

  const decision = guard(route, session, `${location.pathname}${location.search}`);
  switch (decision.kind) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'forbidden':
      return <ForbiddenPage />;
    case 'staff':
      return <StaffNoticePage />;
    case 'allow':
      return children;
  }
}
