import { headerModel, type NavLink as NavLinkModel } from '@landunits/domain';
import { lazy, Suspense } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../../shared/session/session';
import { BrandMark } from './brand-mark';
import { GROUPED_MENU_ID } from './menu-ids';

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
  if (link.to === '/register' || link.to === '/business-register') return 'site-nav__link site-nav__link--cta';
  if (link.to === '/login') return 'site-nav__link site-nav__link--outline';
  return 'site-nav__link';
}

/** SPEC §2 header: the links depend on the page and on whether the visitor is signed in. */
export function SiteHeader({ pending = false, menu }: SiteHeaderProps) {
  const { pathname } = useLocation();
  const { isAuth } = useSession();
  const model = headerModel(pathname, isAuth);

  return (
    <header className={model.menuToggle ? 'site-header site-header--with-toggle' : 'site-header'}>
      <div className={pending ? 'site-header__inner is-pending' : 'site-header__inner'}>
        <Link to="/" className="brand">
          <BrandMark />
          <span className="brand__name">Land Units</span>
        </Link>
        <nav aria-label="Main" className="site-nav">
          <ul className="site-nav__list">
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
          <button type="button" className="menu-toggle" aria-expanded={menu.expanded} aria-controls={GROUPED_MENU_ID} onClick={menu.onToggle}>
            <svg className="menu-toggle__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
            <span>Menu</span>
          </button>
        ) : null}
      </div>
    </header>
  );
}
