import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../shared/session/session';
import { useCurrentRoute } from '../route-handle';
import { PageBoundary } from '../pages/page-boundary';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './layout.css';

const MenuDrawer = lazy(() => import('./grouped-menu').then((m) => ({ default: m.MenuDrawer })));

/** Header + main + footer, for every page outside the dashboard. */
export function PublicLayout() {
  const route = useCurrentRoute();
  const session = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <>
      <SiteHeader
        pending={session.isLoading && route.access !== 'public'}
        menu={{ expanded: drawerOpen, onToggle: () => setDrawerOpen((open) => !open) }}
      />
      <main id="main" tabIndex={-1} className="site-main">
        <PageBoundary>
          <Outlet />
        </PageBoundary>
      </main>
      {session.isAuth ? (
        <Suspense fallback={null}>
          <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : null}
      <SiteFooter />
    </>
  );
}
