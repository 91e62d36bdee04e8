import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { buttonClassName } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { StatusBadge, type BadgeTone } from '../../../shared/ui/status-badge';
import { Table, type Column } from '../../../shared/ui/table';
import { inboxApi, subscribersKey, SUBSCRIBERS_PAGE_SIZE, type Subscriber, type SubscriberFilters, type SubscriberStatus } from '../../../shared/admin/inbox-api';
import { day, LoadingRows, SearchForm, StatusFilter } from '../../../shared/admin/inbox-parts';
import { Card, CardList } from '../../../shared/ui/card-list';
import * as styles from '../../../shared/admin/inbox.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

const STATUS: Readonly<Record<SubscriberStatus, { label: string; tone: BadgeTone }>> = {
  confirmed: { label: 'Confirmed', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  unsubscribed: { label: 'Unsubscribed', tone: 'neutral' },
};

const columns: Column<Subscriber>[] = [
  { key: 'email', header: 'Email', rowHeader: true, cell: (s) => <span className={styles.inboxEmail}>{s.email}</span> },
  { key: 'status', header: 'Status', cell: (s) => <StatusBadge {...STATUS[s.status]} /> },
  { key: 'created', header: 'Signed up', cell: (s) => day(s.createdAt) },
  { key: 'confirmed', header: 'Confirmed', cell: (s) => day(s.confirmedAt) },
  { key: 'unsubscribed', header: 'Unsubscribed', cell: (s) => day(s.unsubscribedAt) },
];

function SubscriberCards({ subscribers }: { subscribers: readonly Subscriber[] }) {
  return (
    <CardList className={styles.inboxList} aria-label="Subscribers">
      {subscribers.map((s) => (
        <Card as="li" key={s.id} className={styles.inboxCard}>
          <span className={`${styles.inboxEmail} ${styles.inboxCardTitle}`}>{s.email}</span>
          <StatusBadge {...STATUS[s.status]} />
          <span className="muted">
            Signed up {day(s.createdAt)}
            {s.confirmedAt ? ` · confirmed ${day(s.confirmedAt)}` : ''}
            {s.unsubscribedAt ? ` · left ${day(s.unsubscribedAt)}` : ''}
          </span>
        </Card>
      ))}
    </CardList>
  );
}

const rows = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

const NO_FILTERS: SubscriberFilters = { status: '', q: '', sort: 'newest' };

/**
 * /admin/subscribers: newsletter readers by status (counts of each), searched and sorted on the
 * server, a page at a time, and a CSV download of everything the filters select.
 */
export function SubscribersPage() {
  const compact = useMediaQuery(MOBILE_QUERY);
  const [filters, setFilters] = useState<SubscriberFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: subscribersKey(filters, page),
    queryFn: ({ signal }) => inboxApi.subscribers(filters, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
  const change = (next: Partial<SubscriberFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const counts = list.data?.counts;
  const all = counts ? counts.confirmed + counts.pending + counts.unsubscribed : undefined;

  let body: ReactNode;
  if (list.isPending) body = <LoadingRows label="Loading the subscribers…" />;
  else if (list.isError)
    body = <ErrorState headingLevel={3} title="The subscribers could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.subscribers.length === 0) body = <EmptyState headingLevel={3} title="No subscribers match" message="Change the status or the search to see more." />;
  else
    body = (
      <>
        {compact ? (
          <SubscriberCards subscribers={list.data.subscribers} />
        ) : (
          <Table
            caption="Subscribers"
            hideCaption
            columns={columns}
            rows={list.data.subscribers}
            rowKey={(s) => s.id}
            className={`${styles.inboxTable} ${styles.subscribersTable}`}
            scrollClassName={styles.inboxList}
          />
        )}
        <Pager label="Subscriber pages" page={list.data.page} pageSize={list.data.pageSize ?? SUBSCRIBERS_PAGE_SIZE} total={list.data.total} onPage={setPage} />
      </>
    );

  return (
    <section className={styles.inbox} aria-labelledby="subscribers-title" aria-busy={list.isFetching || undefined}>
      <div className={styles.inboxHead}>
        <h2 id="subscribers-title" className={adminStyles.adminOrdersTitle}>
          Newsletter subscribers
        </h2>
        <a className={buttonClassName('secondary', 'sm')} href={inboxApi.subscribersCsvUrl(filters)} download>
          Download CSV{list.data ? <span className={styles.inboxNote}> ({rows(list.data.total)})</span> : null}
        </a>
      </div>
      <StatusFilter<SubscriberStatus>
        label="Subscriber status"
        selected={filters.status}
        onSelect={(status) => change({ status })}
        options={[
          { value: '', label: 'All', count: all },
          { value: 'confirmed', label: 'Confirmed', count: counts?.confirmed },
          { value: 'pending', label: 'Pending', count: counts?.pending },
          { value: 'unsubscribed', label: 'Unsubscribed', count: counts?.unsubscribed },
        ]}
      />
      <SearchForm label="Search subscribers" searchLabel="Email contains" q={filters.q} sort={filters.sort} onApply={(q, sort) => change({ q, sort })} />
      {body}
    </section>
  );
}
