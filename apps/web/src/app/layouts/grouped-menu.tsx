import { destinationOf, MENU_GROUPS, navDestinations, type NavDestination } from '@landunits/domain';
import { Fragment, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../../shared/session/session';
import { Dialog } from '../../shared/ui/dialog';
import { GROUPED_MENU_ID } from './menu-ids';
import { ChatUnreadCount, NeedsMyVoteCount } from './needs-my-vote-count';
import * as styles from './layout.module.css';

export { NotificationBell } from './notification-bell';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** 20 px line icons, one per destination: the label says it, the icon helps the eye find it. */
const ICONS: Readonly<Record<string, ReactNode>> = {
  Home: <path d="M3 10.5 12 3l9 7.5M5.5 8.5V20h13V8.5M10 20v-6h4v6" />,
  'Buy & sell': <path d="M4 8h13l-3.5-3.5M20 16H7l3.5 3.5" />,
  Activity: <path d="M4 12h4l2.5-6 3 12 2.5-6H20" />,
  Documents: <path d="M7 3h7l4 4v14H7zM14 3v4h4M10 12h5M10 16h5" />,
  Community: <path d="M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3.5 20a5.5 5.5 0 0 1 11 0M16 11a2.5 2.5 0 1 0 0-5M17 14.5a4.5 4.5 0 0 1 3.5 5.5" />,
  Help: <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />,
  Settings: (
    <path d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z" />
  ),
};

/** The count a destination or page shows beside its name: votes waiting, chat replies unread. */
function countFor(path: string): ReactNode {
  if (path === '/dashboard/votes') return <NeedsMyVoteCount />;
  if (path === '/dashboard/saleschat') return <ChatUnreadCount />;
  return null;
}

function useDestinations(): NavDestination[] {
  const { isAdmin } = useSession();
  return useMemo(() => navDestinations({ isAdmin }), [isAdmin]);
}

function DestinationLink({ destination, current, onNavigate }: { destination: NavDestination; current: boolean; onNavigate?: (() => void) | undefined }) {
  const { pathname } = useLocation();
  return (
    <Link to={destination.path} className={styles.sideMenuLink} aria-current={current ? (pathname === destination.path ? 'page' : 'true') : undefined} onClick={onNavigate}>
      <svg className={styles.sideMenuIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {ICONS[destination.label]}
      </svg>
      <span className={styles.sideMenuLabel}>{destination.label}</span>
      {destination.pages.map((page) => (
        <Fragment key={page.path}>{countFor(page.path)}</Fragment>
      ))}
    </Link>
  );
}

/**
 * The signed-in menu (decision 0063): Home, then at most six destinations under the four SPEC §2
 * groups (Transactions, Information, Governance, My Profile). Each destination is a section whose
 * pages the section's tabs list (SectionNav). Staff accounts hold no Units: no Buy & sell for them.
 */
export function GroupedMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const destinations = useDestinations();
  const current = destinationOf(pathname, destinations);
  const home = destinations.filter((d) => d.group === null);
  return (
    <nav aria-label="Account" className={styles.sideMenu}>
      <ul className={styles.sideMenuList}>
        {home.map((d) => (
          <li key={d.label}>
            <DestinationLink destination={d} current={d === current} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      {MENU_GROUPS.map((group) => {
        const inGroup = destinations.filter((d) => d.group === group);
        if (inGroup.length === 0) return null;
        const headingId = `side-menu-${slug(group)}`;
        return (
          <div key={group} role="group" aria-labelledby={headingId}>
            <p id={headingId} className={styles.sideMenuGroup}>
              {group}
            </p>
            <ul className={styles.sideMenuList}>
              {inGroup.map((d) => (
                <li key={d.label}>
                  <DestinationLink destination={d} current={d === current} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/**
 * The pages of the section the person is in, as a row of links above the page (it scrolls sideways
 * on a phone): every SPEC route of the side menu is one click from its section.
 */
export function SectionNav() {
  const { pathname } = useLocation();
  const destinations = useDestinations();
  const current = destinationOf(pathname, destinations);
  const row = useRef<HTMLElement>(null);
  // On a phone the row scrolls sideways: the current page's link is brought into view.
  useLayoutEffect(() => {
    const nav = row.current;
    const link = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !link) return;
    if (link.offsetLeft < nav.scrollLeft || link.offsetLeft + link.offsetWidth > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = link.offsetLeft - 16;
  }, [pathname]);
  if (!current || current.pages.length < 2) return null;
  return (
    <nav ref={row} aria-label={`${current.label} pages`} className={styles.sectionNav}>
      <ul className={styles.sectionNavList} role="list">
        {current.pages.map((page) => (
          <li key={page.path}>
            <NavLink to={page.path} end className={styles.sectionNavLink}>
              {page.label}
              {countFor(page.path)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The grouped menu as a modal drawer (narrow screens, and public pages when signed in). */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Menu" id={GROUPED_MENU_ID} variant="drawer">
      <GroupedMenu onNavigate={onClose} />
    </Dialog>
  );
}
