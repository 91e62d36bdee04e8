import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { useQueryParam } from '../../../shared/lib/use-query-param';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { Table, type Column } from '../../../shared/ui/table';
import { CONTACT_STATUS, ContactMessagePanel } from './contact-message';
import { CONTACT_PAGE_SIZE, contactListKey, inboxApi, type ContactFilters, type ContactMessageItem, type ContactMessageStatus } from '../../../shared/admin/inbox-api';
import { dateTime, LoadingRows, SearchForm, StatusFilter } from '../../../shared/admin/inbox-parts';
import { Card, CardList } from '../../../shared/ui/card-list';
import * as styles from '../../../shared/admin/inbox.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

const BASE = '/admin/contact';

function OpenButton({ message, onOpen }: { message: ContactMessageItem; onOpen: (id: number) => void }) {
  return (
    <Button size="sm" variant="secondary" onClick={() => onOpen(message.id)}>
      Open<span className="visually-hidden"> the message from {message.name}</span>
    </Button>
  );
}

function MessageList({ messages, onOpen }: { messages: readonly ContactMessageItem[]; onOpen: (id: number) => void }) {
  const compact = useMediaQuery(MOBILE_QUERY);
  if (compact)
    return (
      <CardList className={styles.inboxList} aria-label="Contact messages">
        {messages.map((m) => (
          <Card as="li" key={m.id} className={styles.inboxCard}>
            <span className={styles.inboxCardTitle}>{m.subject || 'No subject'}</span>
            <span className="muted">
              {m.name} · <span className={styles.inboxEmail}>{m.email}</span>
            </span>
            <span className="muted">{dateTime(m.createdAt)}</span>
            <StatusBadge {...CONTACT_STATUS[m.status]} />
            <OpenButton message={m} onOpen={onOpen} />
          </Card>
        ))}
      </CardList>
    );
  const columns: Column<ContactMessageItem>[] = [
    {
      key: 'from',
      header: 'From',
      rowHeader: true,
      cell: (m) => (
        <span className={styles.inboxFrom}>
          {m.name}
          <span className={`${styles.inboxEmail} muted`}>{m.email}</span>
        </span>
      ),
    },
    {
      key: 'subject',
      header: 'Message',
      cell: (m) => (
        <span className={styles.inboxFrom}>
          <strong>{m.subject || 'No subject'}</strong>
          <span className={`muted ${styles.inboxExcerpt}`}>{m.excerpt}</span>
        </span>
      ),
    },
    { key: 'received', header: 'Received', cell: (m) => dateTime(m.createdAt) },
    { key: 'status', header: 'Status', cell: (m) => <StatusBadge {...CONTACT_STATUS[m.status]} /> },
    { key: 'open', header: 'Actions', cell: (m) => <OpenButton message={m} onOpen={onOpen} /> },
  ];
  return <Table caption="Contact messages" hideCaption columns={columns} rows={messages} rowKey={(m) => m.id} className={styles.inboxTable} scrollClassName={styles.inboxList} />;
}

const FIRST_VIEW: ContactFilters = { status: 'new', q: '', sort: 'oldest' };

/**
 * /admin/contact: messages sent with the contact form, new ones oldest first to begin with, by
 * status and text (on the server); ?message=<id> opens one to read, reply to, close or reopen.
 */
export function ContactPage() {
  const navigate = useNavigate();
  const openId = useQueryParam('message');
  const [filters, setFilters] = useState<ContactFilters>(FIRST_VIEW);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: contactListKey(filters, page),
    queryFn: ({ signal }) => inboxApi.contactMessages(filters, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
  const change = (next: Partial<ContactFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const counts = list.data?.counts;

  let body: ReactNode;
  if (list.isPending) body = <LoadingRows label="Loading the messages…" />;
  else if (list.isError)
    body = <ErrorState headingLevel={3} title="The messages could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.messages.length === 0)
    body = <EmptyState headingLevel={3} title={filters.status === 'new' && !filters.q ? 'No new messages' : 'No messages match'} message="Messages sent with the contact form appear here." />;
  else
    body = (
      <>
        <MessageList messages={list.data.messages} onOpen={(id) => void navigate(`${BASE}?message=${id}`)} />
        <Pager label="Contact message pages" page={list.data.page} pageSize={list.data.pageSize ?? CONTACT_PAGE_SIZE} total={list.data.total} onPage={setPage} />
      </>
    );

  return (
    <div className={openId ? `${styles.contactInbox} ${styles.contactInboxOpen}` : styles.contactInbox}>
      <section className={styles.inbox} aria-labelledby="contact-title" aria-busy={list.isFetching || undefined}>
        <h2 id="contact-title" className={adminStyles.adminOrdersTitle}>
          Contact messages
        </h2>
        <StatusFilter<ContactMessageStatus>
          label="Message status"
          selected={filters.status}
          onSelect={(status) => change({ status })}
          options={[
            { value: 'new', label: 'New', count: counts?.new },
            { value: 'answered', label: 'Answered', count: counts?.answered },
            { value: 'closed', label: 'Closed', count: counts?.closed },
            { value: '', label: 'All', count: counts ? counts.new + counts.answered + counts.closed : undefined },
          ]}
        />
        <SearchForm label="Search contact messages" searchLabel="Name, email or text contains" q={filters.q} sort={filters.sort} onApply={(q, sort) => change({ q, sort })} />
        {body}
      </section>
      {openId ? <ContactMessagePanel key={openId} id={openId} onClose={() => void navigate(BASE)} /> : null}
    </div>
  );
}
