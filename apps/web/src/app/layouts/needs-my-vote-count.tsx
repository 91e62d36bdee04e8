import { CHAT_CONTRACTS, GOVERNANCE_CONTRACTS } from '@landunits/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/api-client';
import { CHAT_UNREAD_KEY } from '../../shared/lib/chat-keys';
import { NEEDS_MY_VOTE_KEY } from '../../shared/lib/governance-keys';
import * as styles from './layout.module.css';

/** A number beside a side-menu entry, with its meaning for screen readers; nothing when 0. */
function MenuCount({ count, label }: { count: number | undefined; label: string }) {
  if (!count) return null;
  return (
    <span className={styles.sideMenuCount}>
      {count}
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}

/** The side menu's count of open votes waiting for the person's vote; nothing when there are none. */
export function NeedsMyVoteCount() {
  const { data } = useQuery({ queryKey: NEEDS_MY_VOTE_KEY, queryFn: () => call(GOVERNANCE_CONTRACTS.needsMyVoteCount), staleTime: 60_000, meta: { silent: true } });
  return <MenuCount count={data?.count} label={data?.count === 1 ? 'needs your vote' : 'need your vote'} />;
}

/**
 * The side menu's count of sales-chat replies not read yet: asked on focus and every minute; the
 * chat page refreshes it when it marks messages read.
 */
export function ChatUnreadCount() {
  const { data } = useQuery({ queryKey: CHAT_UNREAD_KEY, queryFn: () => call(CHAT_CONTRACTS.unread), refetchOnWindowFocus: true, refetchInterval: 60_000, meta: { silent: true } });
  return <MenuCount count={data?.unread} label="unread" />;
}
