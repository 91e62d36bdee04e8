import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useSession, useSessionHint } from '../../shared/session/session';
import { useCurrentRoute } from '../route-handle';
import { PageBoundary } from '../pages/page-boundary';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import * as styles from './layout.module.css';

// Public pages arrive painted from the server's HTML, before their own code is loaded, so their
// styles travel with the layout rather than with each page's chunk (no unstyled flash, no shift).
import.meta.glob('../../features/site-content/*.css', { eager: true });
// The home and contact pages' forms are drawn by the server too: their fields' styles as well.
import '../../shared/ui/field.module.css';

const MenuDrawer = lazy(() => import('./grouped-menu').then((m) => ({ default: m.MenuDrawer })));

/** Header + main + footer, for every page outside the dashboard. */
export function PublicLayout() {
  const route = useCurrentRoute();
  const session = useSession();
  // A probably signed-in visitor keeps the header's links hidden (their space kept) until the
  // session is known, rather than seeing Register and Log in flash before Dashboard and Logout.
  const hinted = useSessionHint();
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <>
      <SiteHeader pending={session.isLoading && (route.access !== 'public' || hinted)} menu={{ expanded: drawerOpen, onToggle: () => setDrawerOpen((open) => !open) }} />
      <main id="main" tabIndex={-1} className={styles.siteMain}>
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
