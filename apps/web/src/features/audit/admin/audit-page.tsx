import { ADMIN_ROLE_LABELS, auditActionLabel, auditTargetLabel } from '@landunits/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { buttonClassName } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { Skeleton } from '../../../shared/ui/spinner';
import { Table, type Column } from '../../../shared/ui/table';
import { AUDIT_DEFAULTS, AUDIT_FILTER_KEYS, AUDIT_PAGE_SIZE, auditApi, auditCsvHref, auditKey, type AuditEvent, type AuditParams } from './audit-api';
import { AuditChange } from './audit-diff';
import { AuditFilters } from './audit-filters';
import { dateTimeUtc, useUrlParams } from '../../../shared/admin/use-url-params';
import { Card, CardHead, CardList, CardTitle } from '../../../shared/ui/card-list';
import * as styles from './audit.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

function Who({ event }: { event: AuditEvent }) {
  return (
    <span className={styles.auditWho}>
      <span className={styles.auditWhoName}>{event.actorName ?? `Unknown admin ${event.actorUserId.slice(0, 8)}`}</span>
      <span className={styles.auditWhoMeta}>
        {ADMIN_ROLE_LABELS[event.actorRole]}
        {event.actorEmail && event.actorEmail !== event.actorName ? ` · ${event.actorEmail}` : ''}
      </span>
    </span>
  );
}

function What({ event }: { event: AuditEvent }) {
  return (
    <span className={styles.auditWhat}>
      <span className={styles.auditWhatAction}>{auditActionLabel(event.action)}</span>
      {event.reason ? <span className={styles.auditWhatReason}>Reason: {event.reason}</span> : null}
    </span>
  );
}

function Target({ event }: { event: AuditEvent }) {
  return (
    <span>
      {auditTargetLabel(event.targetType)} <code className={styles.auditTargetId}>{event.targetId}</code>
    </span>
  );
}

const columns: Column<AuditEvent>[] = [
  { key: 'at', header: 'When', cell: (e) => dateTimeUtc(e.at), rowHeader: true },
  { key: 'who', header: 'Who', cell: (e) => <Who event={e} /> },
  { key: 'action', header: 'Action', cell: (e) => <What event={e} /> },
  { key: 'target', header: 'Target', cell: (e) => <Target event={e} /> },
  { key: 'change', header: 'Before → after', cell: (e) => <AuditChange before={e.before} after={e.after} /> },
];

function EventCards({ events }: { events: AuditEvent[] }) {
  return (
    <CardList className={adminStyles.adminOrdersList} aria-label="Admin actions">
      {events.map((e) => (
        <li key={e.id}>
          <Card aria-labelledby={`audit-${e.id}`}>
            <CardHead>
              <CardTitle id={`audit-${e.id}`}>{auditActionLabel(e.action)}</CardTitle>
              <span className="muted">{dateTimeUtc(e.at)}</span>
            </CardHead>
            <dl className={adminStyles.adminCardFacts}>
              <dt>Who</dt>
              <dd>
                <Who event={e} />
              </dd>
              <dt>Target</dt>
              <dd>
                <Target event={e} />
              </dd>
              {e.reason ? (
                <>
                  <dt>Reason</dt>
                  <dd>{e.reason}</dd>
                </>
              ) : null}
              <dt>Before → after</dt>
              <dd>
                <AuditChange before={e.before} after={e.after} />
              </dd>
            </dl>
          </Card>
        </li>
      ))}
    </CardList>
  );
}

/** /admin/audit: every admin action, filtered by admin, action, target and period, with what each changed; CSV export. */
export function AdminAuditPage() {
  const { params, set, search } = useUrlParams<keyof AuditParams>(AUDIT_DEFAULTS);
  const compact = useMediaQuery(MOBILE_QUERY);
  const log = useQuery({
    queryKey: auditKey(params),
    queryFn: ({ signal }) => auditApi.list(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
  const filtered = AUDIT_FILTER_KEYS.some((key) => params[key] !== '');

  let body: ReactNode;
  if (log.isPending) body = <Skeleton height="8rem" />;
  else if (log.isError) body = <ErrorState title="The audit log could not be loaded" message={errorMessage(log.error)} onRetry={() => void log.refetch()} retrying={log.isFetching} />;
  else if (log.data.events.length === 0)
    body = (
      <EmptyState headingLevel={3} title={filtered ? 'No admin actions match' : 'No admin actions yet'} message={filtered ? 'Change the filters to see more.' : 'Every admin action is listed here.'} />
    );
  else
    body = (
      <>
        {compact ? (
          <EventCards events={log.data.events} />
        ) : (
          <Table
            caption="Admin actions"
            hideCaption
            className={`${adminStyles.adminTable} ${styles.auditLogTable}`}
            scrollClassName={adminStyles.adminOrdersList}
            columns={columns}
            rows={log.data.events}
            rowKey={(e) => e.id}
          />
        )}
        <Pager label="Audit log pages" page={log.data.page} pageSize={log.data.pageSize ?? AUDIT_PAGE_SIZE} total={log.data.total} onPage={(page) => set({ page: String(page) })} />
      </>
    );

  return (
    <section className={`${adminStyles.adminOrders} ${adminStyles.adminAudit}`} aria-labelledby="admin-audit-title" aria-busy={log.isFetching || undefined}>
      <div className={styles.auditLogHead}>
        <h2 id="admin-audit-title" className={`${adminStyles.adminOrdersTitle} ${styles.auditLogTitle}`}>
          Audit log {log.data ? <span className={adminStyles.adminOrdersCount}>({log.data.total})</span> : null}
        </h2>
        <a className={buttonClassName('secondary')} href={auditCsvHref(params)} download>
          Download CSV<span className="visually-hidden"> of the actions these filters show</span>
        </a>
      </div>
      <AuditFilters key={search} params={params} onApply={set} />
      {body}
    </section>
  );
}
