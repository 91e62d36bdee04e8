import { headerModel, type NavLink as NavLinkModel } from '@landunits/domain';
import { lazy, Suspense } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../../shared/session/session';
import { BrandMark } from './brand-mark';
import { GROUPED_MENU_ID } from './menu-ids';
import * as styles from './layout.module.css';

// The bell comes with the grouped menu's chunk (already a lazy chunk): nothing new in the entry.
const NotificationBell = lazy(() => import('./grouped-menu').then((m) => ({ default: m.NotificationBell })));

export interface MenuToggleState {
  expanded: boolean;
  onToggle: () => void;
}

export interface SiteHeaderProps {
  /** The session is not known yet on a page that depends on it: keep the links' space, hide them. */
  pending?: boolean;
  menu: MenuToggleState;
}

function linkClass(link: NavLinkModel): string {
  if (link.to === '/register' || link.to === '/business-register') return `${styles.siteNavLink} ${styles.siteNavLinkCta}`;
  if (link.to === '/login') return `${styles.siteNavLink} ${styles.siteNavLinkOutline}`;
  return styles.siteNavLink;
}

/** SPEC §2 header: the links depend on the page and on whether the visitor is signed in. */
export function SiteHeader({ pending = false, menu }: SiteHeaderProps) {
  const { pathname } = useLocation();
  const { isAuth } = useSession();
  const model = headerModel(pathname, isAuth);

  return (
    <header className={model.menuToggle ? `${styles.siteHeader} ${styles.siteHeaderWithToggle}` : styles.siteHeader}>
      <div className={styles.siteHeaderInner} aria-busy={pending || undefined}>
        <Link to="/" className={styles.brand}>
          <BrandMark />
          <span>Land Units</span>
        </Link>
        <nav aria-label="Main" className={styles.siteNav}>
          <ul className={styles.siteNavList}>
            {model.links.map((link) => (
              <li key={link.label}>
                <NavLink to={link.to} className={linkClass(link)} end>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {isAuth ? (
          <Suspense>
            <NotificationBell />
          </Suspense>
        ) : null}
        {model.menuToggle ? (
          <button type="button" className={styles.menuToggle} aria-expanded={menu.expanded} aria-controls={GROUPED_MENU_ID} onClick={menu.onToggle}>
            <svg className={styles.menuToggleIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
            <span>Menu</span>
          </button>
        ) : null}
      </div>
    </header>
  );
}
