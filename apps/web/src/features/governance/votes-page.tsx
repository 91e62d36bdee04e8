import { VOTE_FILTERS, type VoteAnswer } from '@landunits/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { NEEDS_MY_VOTE_KEY } from '../../shared/lib/governance-keys';
import { useSession } from '../../shared/session/session';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Pager } from '../../shared/ui/pager';
import { Skeleton } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast-store';
import { governanceApi } from './governance-api';
import { VoteCard } from './vote-card';
import { checkParams, DEFAULT_PARAMS, FILTER_LABELS, readParams, writeSearch, type RawParams } from './votes-query';
import * as styles from './governance.module.css';

const EMPTY: Readonly<Record<string, { title: string; message: string }>> = {
  all: { title: 'No votes yet', message: 'When an admin puts a question to the holders, it appears here and you are emailed.' },
  'needs-my-vote': { title: 'Nothing needs your vote', message: 'You have voted on every open question. Votes you can still change are under Open.' },
  open: { title: 'No open votes', message: 'There is no question to vote on right now. Closed votes and their results are under Closed.' },
  closed: { title: 'No closed votes yet', message: 'Results are published here when voting closes.' },
};

/**
 * /dashboard/votes: questions put to holders (one vote per holder of an owned Unit, y or n,
 * changeable until close), filtered in the address; tallies shown only after close.
 */
export function VotesPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useMemo(() => readParams(location.search), [location.search]);
  const checked = useMemo(() => checkParams(params), [params]);
  const query = checked.ok ? checked.query : null;
  const [failed, setFailed] = useState<{ id: number; message: string } | null>(null);

  const { isAdmin } = useSession();
  const list = useQuery({
    queryKey: ['governance', 'votes', query ?? {}],
    queryFn: ({ signal }) => governanceApi.votes({ filter: query!.filter, page: query!.page }, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const ballot = useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: VoteAnswer }) => governanceApi.ballot(id, { answer }),
    meta: { silent: true },
    onMutate: () => setFailed(null),
    onSuccess: (answer) => {
      showToast(answer.message, 'success');
      void queryClient.invalidateQueries({ queryKey: ['governance', 'votes'] });
      void queryClient.invalidateQueries({ queryKey: NEEDS_MY_VOTE_KEY });
    },
    onError: (error, { id }) => setFailed({ id, message: errorMessage(error) }),
  });

  const go = (next: RawParams) => navigate({ pathname: location.pathname, search: writeSearch(next) });
  const filter = query?.filter ?? 'all';

  let results: ReactNode;
  if (!checked.ok) {
    results = <EmptyState title="This filter does not exist" action={<Button onClick={() => go(DEFAULT_PARAMS)}>Show all votes</Button>} />;
  } else if (list.isPending) {
    results = (
      <div role="status" className={styles.govStack}>
        <span className="visually-hidden">Loading votes…</span>
        <Skeleton height="9rem" />
        <Skeleton height="9rem" />
      </div>
    );
  } else if (list.isError) {
    results = <ErrorState title="The votes could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (list.data.votes.length === 0) {
    const empty = EMPTY[filter]!;
    results = <EmptyState title={empty.title} message={empty.message} />;
  } else {
    const { votes, total, page, pageSize } = list.data;
    results = (
      <>
        <div className={styles.govStack}>
          {votes.map((vote) => (
            <VoteCard
              key={vote.id}
              vote={vote}
              saving={ballot.isPending && ballot.variables?.id === vote.id}
              error={failed?.id === vote.id ? failed.message : null}
              onVote={(answer) => ballot.mutate({ id: vote.id, answer })}
            />
          ))}
        </div>
        <Pager label="Vote pages" page={page} pageSize={pageSize} total={total} onPage={(next) => go({ ...params, page: String(next) })} />
      </>
    );
  }

  return (
    <div className={`page ${styles.govPage}`}>
      <h1 tabIndex={-1}>Votes</h1>
      <p className={`page__lead ${styles.govLead}`}>
        Every holder of at least one owned Unit has one vote on each question: Yes or No, changeable until voting closes. Results and turnout are published at close.
      </p>
      {list.data && !list.data.canVote ? (
        <p className={styles.govNote} role="note">
          You need at least one owned Unit to vote. Units still awaiting payment do not count.{' '}
          {isAdmin ? 'Staff accounts hold no Units, so they do not vote.' : <Link to="/dashboard/transaction">Buy Units</Link>}
        </p>
      ) : null}
      <nav className={styles.govFilters} aria-label="Filter votes">
        {VOTE_FILTERS.map((f) => (
          <Link key={f} to={{ pathname: location.pathname, search: writeSearch({ filter: f, page: '1' }) }} className={styles.govFilter} aria-current={f === filter ? 'page' : undefined}>
            {FILTER_LABELS[f]}
          </Link>
        ))}
      </nav>
      <section aria-label={`${FILTER_LABELS[filter]} votes`} aria-busy={list.isFetching || undefined}>
        {results}
      </section>
    </div>
  );
}
