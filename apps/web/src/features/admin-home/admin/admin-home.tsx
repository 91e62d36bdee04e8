import { adminSectionsFor } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useQueryParam } from '../../../shared/lib/use-query-param';
import { useSession } from '../../../shared/session/session';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/spinner';
import { ADMIN_HOME_KEY, inboxApi, type AdminQueue } from '../../../shared/admin/inbox-api';
import { ageText } from '../../../shared/admin/age-text';
import * as styles from '../../../shared/admin/inbox.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

/** Old links to /admin?section=… lead to the section's own address. */
const OLD_SECTIONS: Readonly<Record<string, string>> = { orders: '/admin/orders', 'reference-codes': '/admin/codes' };

const countText = (n: number) => n.toLocaleString('en-US');

function QueueCard({ queue }: { queue: AdminQueue }) {
  return (
    <li className={styles.adminQueuesItem}>
      <Link className={styles.adminQueueLink} to={queue.path}>
        <span className={styles.adminQueueCount} data-testid="queue-count">
          {countText(queue.count)}
        </span>
        <span className={styles.adminQueueLabel}>{queue.label}</span>
        <span className={styles.adminQueueAge}>oldest {ageText(queue.oldestAgeMs ?? 0)}</span>
      </Link>
    </li>
  );
}

function Queues({ queues }: { queues: readonly AdminQueue[] }) {
  const waiting = queues.filter((q) => q.count > 0);
  const clear = queues.filter((q) => q.count === 0);
  return (
    <>
      {waiting.length === 0 ? (
        <EmptyState headingLevel={3} title="Nothing waiting" message="Every queue of your role is empty. New items appear here, the longest waiting first." />
      ) : (
        <ul className={styles.adminQueues} aria-label="Queues with items waiting, the longest wait first">
          {waiting.map((queue) => (
            <QueueCard key={queue.key} queue={queue} />
          ))}
        </ul>
      )}
      {clear.length > 0 && waiting.length > 0 ? (
        <p className={styles.adminHomeClear}>
          Nothing waiting in{' '}
          {clear.map((queue, i) => (
            <span key={queue.key}>
              {i > 0 ? ', ' : ''}
              <Link to={queue.path}>{queue.label.toLowerCase()}</Link>
            </span>
          ))}
          .
        </p>
      ) : null}
    </>
  );
}

/**
 * /admin: what waits for the admin's role (the server decides which queues), each with its count
 * and how long the oldest item has waited, the longest wait first, linked to its section.
 */
export function AdminHomePage() {
  const { adminRole } = useSession();
  const param = useQueryParam('section');
  const asked = param ? OLD_SECTIONS[param] : undefined;
  if (asked && adminSectionsFor(adminRole).some((route) => route.path === asked)) return <Navigate to={asked} replace />;
  return <WaitingQueues />;
}

function WaitingQueues() {
  const home = useQuery({ queryKey: ADMIN_HOME_KEY, queryFn: ({ signal }) => inboxApi.home(signal), staleTime: 0, meta: { silent: true } });
  let body: ReactNode;
  if (home.isPending)
    body = (
      <div className={styles.adminQueues} role="status">
        <span className="visually-hidden">Loading what is waiting…</span>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height="6.5rem" />
        ))}
      </div>
    );
  else if (home.isError)
    body = <ErrorState headingLevel={3} title="What is waiting could not be loaded" message={errorMessage(home.error)} onRetry={() => void home.refetch()} retrying={home.isFetching} />;
  else body = <Queues queues={home.data.queues} />;

  return (
    <section className={styles.adminHome} aria-labelledby="admin-home-title" aria-busy={home.isFetching || undefined}>
      <h2 id="admin-home-title" className={adminStyles.adminOrdersTitle}>
        Waiting for you
      </h2>
      {body}
    </section>
  );
}
