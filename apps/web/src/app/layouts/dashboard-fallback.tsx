import { PageLoading } from '../pages/page-loading';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import * as styles from './layout.module.css';

const noop = () => {};

/**
 * Drawn while the dashboard layout's code loads: the same header, grid and footer, with the menu
 * column kept empty, so nothing moves when the real layout arrives.
 */
export function DashboardFallback() {
  return (
    <>
      <SiteHeader pending menu={{ expanded: false, onToggle: noop }} />
      <div className={`${styles.dashboard} ${styles.dashboardLoading}`}>
        <div className={styles.dashboardAside} aria-hidden="true" />
        <main id="main" tabIndex={-1} className={`${styles.siteMain} ${styles.dashboardMain}`}>
          <PageLoading />
        </main>
      </div>
      <SiteFooter />
    </>
  );
}
