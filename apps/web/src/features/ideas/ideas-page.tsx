import { IDEA_SORT_LABELS, IDEA_SORTS, IDEA_STATUS_LABELS, IDEA_STATUS_TONES, IDEA_STATUSES } from '@landunits/domain';
import type { IdeaView } from '@landunits/domain/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Pager } from '../../shared/ui/pager';
import { Select } from '../../shared/ui/select';
import { Skeleton } from '../../shared/ui/spinner';
import { StatusBadge } from '../../shared/ui/status-badge';
import { showToast } from '../../shared/ui/toast-store';
import { IdeaForm } from './idea-form';
import { ideasApi } from './ideas-api';
import { ideaDate, ideaParams, type IdeaParams } from './ideas-query';
import * as styles from './ideas.module.css';

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...IDEA_STATUSES.map((s) => ({ value: s, label: IDEA_STATUS_LABELS[s] }))];
const SORT_OPTIONS = IDEA_SORTS.map((s) => ({ value: s, label: IDEA_SORT_LABELS[s] }));

/** Supporting or withdrawing: the button says what it will do and the count follows the server. */
function SupportButton({ idea, busy, onToggle }: { idea: IdeaView; busy: boolean; onToggle: () => void }) {
  const count = `${idea.supportCount.toLocaleString('en-US')} ${idea.supportCount === 1 ? 'supporter' : 'supporters'}`;
  if (idea.mine)
    return (
      <p className={styles.ideaCardCount}>
        <strong>{count}</strong> <span className="muted">· your idea</span>
      </p>
    );
  return (
    <div className={styles.ideaCardSupport}>
      <Button size="sm" variant={idea.supportedByMe ? 'secondary' : 'primary'} aria-pressed={idea.supportedByMe} loading={busy} onClick={onToggle}>
        {idea.supportedByMe ? 'Supported' : 'Support'}
        <span className="visually-hidden"> “{idea.title}”</span>
      </Button>
      <span className={styles.ideaCardCount}>{count}</span>
    </div>
  );
}

export function IdeaCard({ idea, actions, extra }: { idea: IdeaView; actions?: ReactNode; extra?: ReactNode }) {
  return (
    <article className={styles.ideaCard} aria-labelledby={`idea-${idea.id}`}>
      <div className={styles.ideaCardHead}>
        <h3 id={`idea-${idea.id}`} className={styles.ideaCardTitle}>
          {idea.title}
        </h3>
        <StatusBadge label={IDEA_STATUS_LABELS[idea.status]} tone={IDEA_STATUS_TONES[idea.status]} />
      </div>
      <p className={`${styles.ideaCardMeta} muted`}>
        {idea.authorName} · {ideaDate(idea.createdAt)}
      </p>
      <p className={styles.ideaCardText}>{idea.description}</p>
      {idea.reply ? (
        <div className={styles.ideaCardReply}>
          <p className={styles.ideaCardReplyLabel}>Reply from Land Units{idea.repliedAt ? `, ${ideaDate(idea.repliedAt)}` : ''}</p>
          <p className={styles.ideaCardText}>{idea.reply}</p>
        </div>
      ) : null}
      {extra}
      {actions}
    </article>
  );
}

function ListSkeleton() {
  return (
    <div className={styles.ideasSkeleton} role="status">
      <span className="visually-hidden">Loading the ideas…</span>
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} height="7rem" />
      ))}
    </div>
  );
}

/**
 * /dashboard/community-ideas: suggest an idea; read the community's, most supported or newest
 * first, by status, 20 a page (all kept in the address); support an idea once or withdraw; see the
 * status and the reply Land Units gave.
 */
export function CommunityIdeasPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useMemo(() => ideaParams.readParams(location.search), [location.search]);
  const checked = useMemo(() => ideaParams.checkParams(params), [params]);
  const query = checked.ok ? { sort: checked.query.sort, status: checked.query.status, page: checked.query.page } : null;
  const list = useQuery({
    queryKey: ['ideas', query ?? {}],
    queryFn: ({ signal }) => ideasApi.list(query ?? {}, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const toggle = useMutation({
    mutationFn: (idea: IdeaView) => (idea.supportedByMe ? ideasApi.withdraw(idea.id) : ideasApi.support(idea.id)),
    meta: { silent: true },
    onSuccess: (answer) => {
      showToast(answer.message, 'success');
      void queryClient.invalidateQueries({ queryKey: ['ideas'] });
    },
    onError: (error) => showToast(errorMessage(error), 'error'),
  });
  const go = (next: Partial<IdeaParams>) => void navigate({ pathname: location.pathname, search: ideaParams.writeSearch({ ...params, page: '1', ...next }) });

  let results: ReactNode;
  if (!checked.ok) {
    results = (
      <EmptyState
        title="This list address is not valid"
        message="Choose a sort and status above, or show every idea."
        action={
          <Button variant="secondary" onClick={() => go({ sort: 'support', status: '' })}>
            Show all ideas
          </Button>
        }
      />
    );
  } else if (list.isPending) results = <ListSkeleton />;
  else if (list.isError) results = <ErrorState title="The ideas could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.total === 0)
    results = params.status ? (
      <EmptyState
        title={`No ideas are ${IDEA_STATUS_LABELS[params.status as keyof typeof IDEA_STATUS_LABELS]?.toLowerCase() ?? 'here'}`}
        message="Choose another status, or show every idea."
        action={
          <Button variant="secondary" onClick={() => go({ status: '' })}>
            Show all ideas
          </Button>
        }
      />
    ) : (
      <EmptyState title="No ideas yet" message="Be the first: suggest an idea with the form above." />
    );
  else
    results = (
      <>
        <ul className={styles.ideasList} aria-label="Community ideas">
          {list.data.ideas.map((idea) => (
            <li key={idea.id}>
              <IdeaCard idea={idea} actions={<SupportButton idea={idea} busy={toggle.isPending && toggle.variables?.id === idea.id} onToggle={() => toggle.mutate(idea)} />} />
            </li>
          ))}
        </ul>
        <Pager label="Idea pages" page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={(page) => go({ page: String(page) })} />
      </>
    );

  return (
    <div className="page">
      <h1 tabIndex={-1}>Community ideas</h1>
      <p className="page__lead">Suggest how the land could be cared for or how Land Units could work better, and support the ideas you like. We reply to each one.</p>
      <IdeaForm onSubmitted={() => void queryClient.invalidateQueries({ queryKey: ['ideas'] })} />
      <section aria-labelledby="ideas-list-title" aria-busy={list.isFetching || undefined}>
        <h2 id="ideas-list-title">Ideas from the community</h2>
        <div className={styles.ideasFilters}>
          <Select className={styles.ideasFiltersField} label="Sort by" name="sort" value={params.sort} options={SORT_OPTIONS} onChange={(e) => go({ sort: e.target.value })} />
          <Select className={styles.ideasFiltersField} label="Status" name="status" value={params.status} options={STATUS_OPTIONS} onChange={(e) => go({ status: e.target.value })} />
        </div>
        {results}
      </section>
    </div>
  );
}
