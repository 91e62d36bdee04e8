import { useState } from 'react';
import { Outlet } from 'react-router';
import { useIsCompact } from '../../shared/lib/use-media-query';
import { useSession } from '../../shared/session/session';
import { PageBoundary } from '../pages/page-boundary';
import { GroupedMenu, MenuDrawer, SectionNav } from './grouped-menu';
import { GROUPED_MENU_ID } from './menu-ids';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import * as styles from './layout.module.css';

/**
 * Header + grouped side menu + main + footer, for /dashboard/* and /user-manual. From 992 px the
 * menu is a sidebar the header toggle shows or hides; below it, a drawer the toggle opens. The
 * section's pages run along the top of the main column.
 */
export function DashboardLayout() {
  const compact = useIsCompact();
  const session = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(true);

  const menu = compact ? { expanded: drawerOpen, onToggle: () => setDrawerOpen((open) => !open) } : { expanded: sidebarOpen, onToggle: () => setSidebarOpen((open) => !open) };

  return (
    <>
      <SiteHeader pending={session.isLoading} menu={menu} />
      <div className={sidebarOpen && !compact ? styles.dashboard : `${styles.dashboard} ${styles.dashboardFull}`}>
        {compact ? null : (
          <aside id={GROUPED_MENU_ID} className={styles.dashboardAside} hidden={!sidebarOpen}>
            <GroupedMenu />
          </aside>
        )}
        <div className={styles.dashboardColumn}>
          <SectionNav />
          <main id="main" tabIndex={-1} className={`${styles.siteMain} ${styles.dashboardMain}`}>
            <PageBoundary>
              <Outlet />
            </PageBoundary>
          </main>
        </div>
      </div>
      {compact ? <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} /> : null}
      <SiteFooter />
    </>
  );
}
