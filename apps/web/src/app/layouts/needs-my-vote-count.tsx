import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api-client';
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
