import { QUESTION_STATUS_LABELS, QUESTION_VIEW_LABELS, QUESTION_VIEWS, type QuestionView, formatDay } from '@landunits/domain';
import type { QuestionItem } from '@landunits/domain/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Pager } from '../../shared/ui/pager';
import { Skeleton } from '../../shared/ui/spinner';
import { StatusBadge } from '../../shared/ui/status-badge';
import { communityApi } from './community-api';
import { questionParams } from './community-query';
import { buttonClassName } from '../../shared/ui/button';
import * as styles from './community.module.css';

const EMPTY: Readonly<Record<QuestionView, string>> = {
  All: 'Nobody has asked a question yet. Ask the first one: community agents and the Land Units team answer.',
  Own: 'You have not asked a question yet. Ask one: community agents and the Land Units team answer.',
  Open: 'No question is waiting for answers. Ask one, or read the closed questions.',
  Closed: 'No question has been closed yet. Open questions are closed by their askers once settled.',
};

export const askedOn = (iso: string) => formatDay(iso);

function QuestionCard({ question }: { question: QuestionItem }) {
  return (
    <li>
      <article className={styles.cqCard} aria-labelledby={`cq-${question.id}`}>
        <div className={styles.cqCardHead}>
          <h3 id={`cq-${question.id}`} className={styles.cqCardTitle}>
            <Link to={`/dashboard/questions/${question.id}`}>{question.title}</Link>
          </h3>
          <span className={styles.cqCardBadges}>
            <StatusBadge label={QUESTION_STATUS_LABELS[question.status]} tone={question.status === 'open' ? 'info' : 'slate'} />
            {question.hasAcceptedAnswer ? <StatusBadge label="Answer accepted" tone="success" /> : null}
          </span>
        </div>
        <p className={styles.cqCardExcerpt}>{question.excerpt}</p>
        <p className={styles.cqCardMeta}>
          Asked by {question.mine ? 'you' : question.askerName} on {askedOn(question.createdAt)} · {question.answerCount} {question.answerCount === 1 ? 'answer' : 'answers'}
        </p>
        {question.hidden ? <p className={styles.cqHiddenNote}>Hidden by a moderator: {question.hidden.reason}. Only you still see it.</p> : null}
      </article>
    </li>
  );
}

/**
 * A list of community questions with the All / Own / Open / Closed filter and the page kept in the
 * address. The pages of the lists share it with their own heading and preset filter.
 */
export function QuestionListPage({ title, lead, preset }: { title: string; lead: string; preset: QuestionView }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { readParams, writeSearch, checkParams } = useMemo(() => questionParams(preset), [preset]);
  const params = useMemo(() => readParams(location.search), [readParams, location.search]);
  const checked = useMemo(() => checkParams(params), [checkParams, params]);
  const query = checked.ok ? checked.query : null;
  const list = useQuery({
    queryKey: ['community', 'list', query ?? {}],
    queryFn: ({ signal }) => communityApi.list({ questionViewBy: query?.questionViewBy, page: query?.page }, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const view = query?.questionViewBy ?? preset;
  const searchFor = (questionViewBy: QuestionView) => writeSearch({ questionViewBy, page: '1' });

  let results: ReactNode;
  if (!checked.ok) {
    results = <EmptyState title="This list address is not valid" message={Object.values(checked.errors)[0] ?? 'Choose a filter above.'} action={<Link to={location.pathname}>Show the list</Link>} />;
  } else if (list.isPending) {
    results = (
      <div className={styles.cqSkeleton} role="status">
        <span className="visually-hidden">Loading the questions…</span>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height="6rem" />
        ))}
      </div>
    );
  } else if (list.isError) {
    results = <ErrorState title="The questions could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (list.data.total === 0) {
    results = (
      <EmptyState
        title="No questions here"
        message={EMPTY[view]}
        action={
          <Link className={buttonClassName()} to="/dashboard/community/ask-question">
            Ask a question
          </Link>
        }
      />
    );
  } else {
    const { questions, total, page, pageSize } = list.data;
    results = (
      <>
        {questions.length ? (
          <ul className={styles.cqList} aria-label="Questions">
            {questions.map((q) => (
              <QuestionCard key={q.id} question={q} />
            ))}
          </ul>
        ) : (
          <EmptyState title="This page is past the end of the list" action={<Link to={`${location.pathname}${searchFor(view)}`}>Go to the first page</Link>} />
        )}
        <Pager
          label="Question pages"
          page={page}
          pageSize={pageSize}
          total={total}
          onPage={(next) => navigate({ pathname: location.pathname, search: writeSearch({ questionViewBy: view, page: String(next) }) })}
        />
      </>
    );
  }

  return (
    <div className={`page ${styles.cqPage}`}>
      <h1 tabIndex={-1}>{title}</h1>
      <p className="page__lead">{lead}</p>
      <div className={styles.cqToolbar}>
        <nav aria-label="Show questions">
          <ul className={styles.cqFilter}>
            {QUESTION_VIEWS.map((v) => (
              <li key={v}>
                <Link
                  to={{ pathname: location.pathname, search: searchFor(v) }}
                  className={v === view ? `${styles.cqFilterLink} ${styles.cqFilterLinkCurrent}` : styles.cqFilterLink}
                  aria-current={v === view ? 'page' : undefined}
                >
                  {QUESTION_VIEW_LABELS[v]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Link className={buttonClassName()} to="/dashboard/community/ask-question">
          Ask a question
        </Link>
      </div>
      <section aria-labelledby="cq-results-title" aria-busy={list.isFetching || undefined}>
        <h2 id="cq-results-title" className="visually-hidden">
          {QUESTION_VIEW_LABELS[view]}
        </h2>
        {results}
      </section>
    </div>
  );
}

export function OpenQuestionsPage() {
  return <QuestionListPage preset="Open" title="Open questions" lead="Questions from the community waiting for answers from community agents and the Land Units team." />;
}
export function ClosedQuestionsPage() {
  return <QuestionListPage preset="Closed" title="Closed questions" lead="Questions their askers have settled, with the accepted answer marked." />;
}
export function CommunityOpenQuestionsPage() {
  return <QuestionListPage preset="Open" title="Open community questions" lead="Community questions waiting for answers." />;
}
export function CommunityClosedQuestionsPage() {
  return <QuestionListPage preset="Closed" title="Closed community questions" lead="Community questions that have been closed." />;
}
export function YourQuestionsPage() {
  return <QuestionListPage preset="Own" title="Your questions" lead="The questions you asked the community, open and closed." />;
}
