import { PageLoading } from '../pages/page-loading';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './layout.css';

const noop = () => {};

/**
 * Drawn while the dashboard layout's code loads: the same header, grid and footer, with the menu
 * column kept empty, so nothing moves when the real layout arrives.
 */
export function DashboardFallback() {
  return (
    <>
      <SiteHeader pending menu={{ expanded: false, onToggle: noop }} />
      <div className="dashboard dashboard--loading">
        <div className="dashboard__aside" aria-hidden="true" />
        <main id="main" tabIndex={-1} className="site-main dashboard__main">
          <PageLoading />
        </main>
      </div>
      <SiteFooter />
    </>
  );
}
