import { menuGroups } from '@landunits/domain';
import { useMemo, useState } from 'react';
import { NavLink } from 'react-router';
import { useSession } from '../../shared/session/session';
import { Dialog } from '../../shared/ui/dialog';
import { GROUPED_MENU_ID } from './menu-ids';
import { ChatUnreadCount, NeedsMyVoteCount } from './needs-my-vote-count';
import * as styles from './layout.module.css';

export { NotificationBell } from './notification-bell';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * The four SPEC §2 groups (Transactions, Information, Governance, My Profile), each collapsible.
 * Staff accounts hold no Units: their menu leaves out buying, selling, converting and transferring.
 */
export function GroupedMenu({ onNavigate }: { onNavigate?: () => void }) {
  const [collapsed, setCollapsed] = useState<Readonly<Record<string, boolean>>>({});
  const { isAdmin } = useSession();
  const groups = useMemo(() => menuGroups({ isAdmin }), [isAdmin]);
  return (
    <nav aria-label="Account" className={styles.sideMenu}>
      <NavLink to="/dashboard" end className={`${styles.sideMenuLink} ${styles.sideMenuLinkOverview}`} onClick={onNavigate}>
        Dashboard overview
      </NavLink>
      {groups.map(({ group, routes }) => {
        const open = !collapsed[group];
        const listId = `side-menu-${slug(group)}`;
        return (
          <div key={group}>
            <button type="button" className={styles.sideMenuToggle} aria-expanded={open} aria-controls={listId} onClick={() => setCollapsed((c) => ({ ...c, [group]: open }))}>
              <span>{group}</span>
              <svg className={styles.sideMenuChevron} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="M4 6l4 4 4-4" />
              </svg>
            </button>
            <ul id={listId} className={styles.sideMenuList} hidden={!open}>
              {routes.map((route) => (
                <li key={route.path}>
                  <NavLink to={route.path} end className={styles.sideMenuLink} onClick={onNavigate}>
                    {route.label}
                    {route.path === '/dashboard/votes' ? <NeedsMyVoteCount /> : null}
                    {route.path === '/dashboard/saleschat' ? <ChatUnreadCount /> : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
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
