import { NOTIFICATION_CATEGORY_RULES, formatDateTime } from '@landunits/domain';
import type { NotificationView } from '@landunits/domain/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { UNREAD_NOTIFICATIONS_KEY } from '../../shared/lib/notification-keys';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast-store';
import { accountSettingsApi as notificationsApi } from '../../shared/account-settings/account-settings-api';
import * as styles from './notifications.module.css';

const when = (iso: string) => formatDateTime(iso);

function Item({ item, onOpen }: { item: NotificationView; onOpen: (item: NotificationView) => void }) {
  return (
    <li className={item.read ? undefined : styles.inboxItemUnread}>
      <a
        href={item.link}
        className={styles.inboxItemLink}
        onClick={(event) => {
          event.preventDefault();
          onOpen(item);
        }}
      >
        <span className={styles.inboxItemHead}>
          <span className={styles.inboxItemTitle}>{item.title}</span>
          {item.read ? null : <span className={styles.inboxItemDot}>Unread</span>}
        </span>
        {item.body ? <span className={styles.inboxItemBody}>{item.body}</span> : null}
        <span className={styles.inboxItemMeta}>
          {NOTIFICATION_CATEGORY_RULES[item.category].label} · <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
        </span>
      </a>
    </li>
  );
}

/** /dashboard/notifications: the notification centre, newest first, unread ones emphasised. */
export function NotificationsPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useInfiniteQuery({
    queryKey: ['notifications', 'list', unreadOnly],
    queryFn: ({ pageParam, signal }) => notificationsApi.notifications({ before: pageParam, unread: unreadOnly }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    meta: { silent: true },
  });
  const refresh = (unread: number) => {
    client.setQueryData(UNREAD_NOTIFICATIONS_KEY, { unread });
    void client.invalidateQueries({ queryKey: ['notifications', 'list'] });
  };
  const readAll = useMutation({
    mutationFn: notificationsApi.markAllNotificationsRead,
    onSuccess: (answer) => {
      refresh(answer.unread);
      showToast(answer.message, 'success');
    },
    onError: (failure) => showToast(errorMessage(failure), 'error'),
  });
  const open = (item: NotificationView) => {
    if (!item.read)
      void notificationsApi.markNotificationRead(item.id).then(
        (answer) => refresh(answer.unread),
        () => undefined,
      );
    void navigate(item.link);
  };

  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  let body;
  if (list.isPending)
    body = (
      <div role="status" className={styles.noticesSkeleton}>
        <span className="visually-hidden">Loading your notifications…</span>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height="4.5rem" />
        ))}
      </div>
    );
  else if (list.isError) body = <ErrorState title="We could not load your notifications" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (items.length === 0)
    body = unreadOnly ? (
      <EmptyState
        title="You are all caught up"
        message="No unread notifications."
        action={
          <Button variant="secondary" onClick={() => setUnreadOnly(false)}>
            Show all notifications
          </Button>
        }
      />
    ) : (
      <EmptyState title="No notifications yet" message="Orders, answers to your questions, new votes and chat replies appear here." />
    );
  else
    body = (
      <>
        <ul className={styles.notices} aria-label="Notifications">
          {items.map((item) => (
            <Item key={item.id} item={item} onOpen={open} />
          ))}
        </ul>
        {list.hasNextPage ? (
          <div className={styles.noticesMore}>
            <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              Load more
            </Button>
          </div>
        ) : null}
      </>
    );

  return (
    <div className="page notifications-page">
      <h1 tabIndex={-1}>Notifications</h1>
      <p className="page__lead">
        What happened with your orders, questions, votes and chats. Choose what you get in <Link to="/dashboard/settings/notifications">notification settings</Link>.
      </p>
      <div className={styles.noticesTools}>
        <div className={styles.noticesFilter} role="group" aria-label="Show">
          <Button size="sm" variant={unreadOnly ? 'ghost' : 'secondary'} aria-pressed={!unreadOnly} onClick={() => setUnreadOnly(false)}>
            All
          </Button>
          <Button size="sm" variant={unreadOnly ? 'secondary' : 'ghost'} aria-pressed={unreadOnly} onClick={() => setUnreadOnly(true)}>
            Unread
          </Button>
        </div>
        <Button size="sm" variant="secondary" loading={readAll.isPending} onClick={() => readAll.mutate()}>
          Mark all as read
        </Button>
      </div>
      <section aria-busy={list.isFetching || undefined}>{body}</section>
    </div>
  );
}
