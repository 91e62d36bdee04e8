import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api-client';
import { CHAT_UNREAD_KEY } from '../../shared/lib/chat-keys';
import { NEEDS_MY_VOTE_KEY } from '../../shared/lib/governance-keys';

/** The side menu's count of open votes waiting for the person's vote; nothing when there are none. */
export function NeedsMyVoteCount() {
  const { data } = useQuery({ queryKey: NEEDS_MY_VOTE_KEY, queryFn: () => api.get<{ count: number }>('/governance/votes/needs-my-vote-count'), staleTime: 60_000, meta: { silent: true } });
  if (!data?.count) return null;
  return (
    <span className="side-menu__count">
      {data.count}
      <span className="visually-hidden"> {data.count === 1 ? 'needs' : 'need'} your vote</span>
    </span>
  );
}

/**
 * The side menu's count of sales-chat replies not read yet: asked on focus and every minute; the
 * chat page refreshes it when it marks messages read.
 */
export function ChatUnreadCount() {
  const { data } = useQuery({ queryKey: CHAT_UNREAD_KEY, queryFn: () => api.get<{ unread: number }>('/chat/unread'), refetchInterval: 60_000, refetchOnWindowFocus: true, meta: { silent: true } });
  if (!data?.unread) return null;
  return (
    <span className="side-menu__count">
      {data.unread}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
