import { bellLabel } from '@landunits/domain';
import { NOTIFICATIONS_CONTRACTS } from '@landunits/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '../../shared/api/api-client';
import { UNREAD_NOTIFICATIONS_KEY } from '../../shared/lib/notification-keys';
import * as styles from './layout.module.css';

/**
 * The signed-in header's bell: the unread count, fetched on load, on window focus and every
 * minute (while the tab is visible); it opens the notification centre. Loaded with the grouped
 * menu's chunk (site-header.tsx), so the public pages' entry carries only the lazy reference.
 */
export function NotificationBell() {
  const { data } = useQuery({
    queryKey: UNREAD_NOTIFICATIONS_KEY,
    queryFn: () => call(NOTIFICATIONS_CONTRACTS.unreadCount),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    meta: { silent: true },
  });
  const unread = data?.unread ?? 0;
  return (
    <Link to="/dashboard/notifications" className={styles.bell} aria-label={bellLabel(unread)}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" />
      </svg>
      {unread ? <span className={styles.bellCount}>{unread > 99 ? '99+' : unread}</span> : null}
    </Link>
  );
}
