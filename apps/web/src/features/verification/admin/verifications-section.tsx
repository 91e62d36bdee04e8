import { formatDay } from '@landunits/domain';

import type { ReviewKind } from '@landunits/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { COMPACT_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { useQueryParam } from '../../../shared/lib/use-query-param';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/spinner';
import { Table, type Column } from '../../../shared/ui/table';
import { Tabs } from '../../../shared/ui/tabs';
import { VerificationCase } from './verification-case';
import { ageText } from '../../../shared/admin/age-text';
import { reviewQueueKey, verificationsApi, type ReviewQueueItem } from './verifications-api';
import { CardList } from '../../../shared/ui/card-list';
import * as styles from './verifications.module.css';
import * as reviewStyles from '../../../shared/verification/review.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

const BASE = '/admin/verifications';
export const caseHref = (userId: string, kind: ReviewKind) => `${BASE}?kind=${kind}&user=${encodeURIComponent(userId)}`;
const KIND_WORDS: Record<ReviewKind, { title: string; empty: string }> = {
  profile: { title: 'Profiles waiting for review', empty: 'No profiles waiting for review.' },
  bank: { title: 'Bank details waiting for review', empty: 'No bank details waiting for review.' },
};
const typeText = (t: string) => (t === 'BUSINESS' ? 'Business' : 'Individual');
const submitted = (item: ReviewQueueItem) => formatDay(item.submittedAt);

function columns(kind: ReviewKind): Column<ReviewQueueItem>[] {
  return [
    { key: 'name', header: 'Person', rowHeader: true, cell: (item) => <Link to={caseHref(item.userId, kind)}>{item.name}</Link> },
    { key: 'email', header: 'Email', cell: (item) => <span className={styles.reviewEmail}>{item.email}</span> },
    { key: 'type', header: 'Type', cell: (item) => typeText(item.userType) },
    { key: 'submitted', header: 'Submitted', cell: submitted },
    { key: 'waiting', header: 'Waiting', cell: (item) => ageText(item.ageMs) },
  ];
}

function QueueCards({ items, kind }: { items: readonly ReviewQueueItem[]; kind: ReviewKind }) {
  return (
    <CardList className={styles.reviewCards} aria-label={KIND_WORDS[kind].title}>
      {items.map((item) => (
        <li key={item.userId} className={styles.reviewCard}>
          <Link to={caseHref(item.userId, kind)} className={styles.reviewCardName}>
            {item.name}
          </Link>
          <span className={styles.reviewEmail}>{item.email}</span>
          <span>
            {typeText(item.userType)} · submitted {submitted(item)} · waiting {ageText(item.ageMs)}
          </span>
        </li>
      ))}
    </CardList>
  );
}

/** One queue, oldest submission first. */
function ReviewQueueList({ kind }: { kind: ReviewKind }) {
  const compact = useMediaQuery(COMPACT_QUERY);
  const queue = useQuery({ queryKey: reviewQueueKey(kind), queryFn: ({ signal }) => verificationsApi.queue(kind, signal), staleTime: 0, meta: { silent: true } });
  let body: ReactNode;
  if (queue.isPending) {
    body = (
      <div className={adminStyles.adminSkeleton} role="status">
        <span className="visually-hidden">Loading the queue…</span>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height="3rem" />
        ))}
      </div>
    );
  } else if (queue.isError) {
    body = <ErrorState title="The queue could not be loaded" message={errorMessage(queue.error)} onRetry={() => void queue.refetch()} retrying={queue.isFetching} headingLevel={3} />;
  } else if (queue.data.items.length === 0) {
    body = <EmptyState title={KIND_WORDS[kind].empty} message="New submissions appear here, oldest first." headingLevel={3} />;
  } else {
    const { items, total } = queue.data;
    body = (
      <>
        {compact ? <QueueCards items={items} kind={kind} /> : <Table caption={KIND_WORDS[kind].title} hideCaption columns={columns(kind)} rows={items} rowKey={(i) => i.userId} />}
        {total > items.length ? (
          <p className={styles.reviewNote}>
            Showing the {items.length} oldest of {total}.
          </p>
        ) : null}
      </>
    );
  }
  return (
    <section aria-labelledby={`review-${kind}-title`} aria-busy={queue.isFetching || undefined}>
      <h3 id={`review-${kind}-title`} className={styles.reviewQueueTitle}>
        {KIND_WORDS[kind].title}
        {queue.data && queue.data.total > 0 ? ` (${queue.data.total})` : ''}
      </h3>
      {body}
    </section>
  );
}

/**
 * /admin/verifications: the Profile and Bank queues, and one person's case at
 * ?user=<id> (the address survives a reload; the kind names the tab to go back to).
 */
export function VerificationsSection() {
  const navigate = useNavigate();
  const user = useQueryParam('user');
  const kind: ReviewKind = useQueryParam('kind') === 'bank' ? 'bank' : 'profile';
  if (user) return <VerificationCase userId={user} kind={kind} backHref={`${BASE}?kind=${kind}`} />;
  return (
    <section className={reviewStyles.review} aria-labelledby="review-title">
      <h2 id="review-title">Verifications</h2>
      <Tabs
        label="Verification queues"
        selectedId={kind}
        onSelect={(id) => void navigate(`${BASE}?kind=${id}`, { replace: true })}
        tabs={[
          { id: 'profile', label: 'Profile', panel: <ReviewQueueList kind="profile" /> },
          { id: 'bank', label: 'Bank', panel: <ReviewQueueList kind="bank" /> },
        ]}
      />
    </section>
  );
}
