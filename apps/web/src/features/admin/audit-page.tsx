import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../shared/api/api-error';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Pager } from '../../shared/ui/pager';
import { Skeleton } from '../../shared/ui/spinner';
import { Select } from '../../shared/ui/select';
import { Table, type Column } from '../../shared/ui/table';
import { TextField } from '../../shared/ui/text-field';
import { auditApi, auditKey, AUDIT_PAGE_SIZE, type AuditEvent, type AuditFilters } from './audit-api';

/** The actions admins can do today, named for people. */
export const AUDIT_ACTIONS: Readonly<Record<string, string>> = {
  'order.transition': 'Order decision',
  'order.clearPaymentFlag': 'Payment checked',
  'referenceCode.create': 'Code created',
  'referenceCode.disable': 'Code disabled',
  'settings.money.update': 'Money settings changed',
  'settings.impact.update': 'Impact figures changed',
  'news.create': 'Article written',
  'news.update': 'Article changed',
  'news.publish': 'Article published',
  'news.unpublish': 'Article unpublished',
  'news.delete': 'Article deleted',
  'newsCategory.create': 'News category added',
  'newsCategory.update': 'News category changed',
  'newsCategory.delete': 'News category deleted',
  'teamMember.create': 'Team member added',
  'teamMember.update': 'Team member changed',
  'teamMember.delete': 'Team member removed',
  'team.reorder': 'Team reordered',
  'siteImage.upload': 'Website image uploaded',
};

const ACTION_OPTIONS = [{ value: '', label: 'All actions' }, ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))];

const NO_FILTERS: AuditFilters = { action: '', actor: '', from: '', to: '' };
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

const columns: Column<AuditEvent>[] = [
  { key: 'at', header: 'When', cell: (e) => when(e.at), rowHeader: true },
  { key: 'who', header: 'Who', cell: (e) => <span title={e.actorUserId}>{`${e.actorUserId.slice(0, 8)}… (${e.actorRole})`}</span> },
  { key: 'action', header: 'Action', cell: (e) => AUDIT_ACTIONS[e.action] ?? e.action },
  { key: 'target', header: 'Target', cell: (e) => `${e.targetType} ${e.targetId}` },
  { key: 'reason', header: 'Reason', cell: (e) => e.reason ?? '—' },
];

/** /admin/audit: every admin action, newest first, filtered by action, admin and period. */
export function AdminAuditPage() {
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: auditKey(filters, page),
    queryFn: ({ signal }) => auditApi.list(filters, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const set = (key: keyof AuditFilters) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((d) => ({ ...d, [key]: value }));
  };

  let body: ReactNode;
  if (log.isPending) body = <Skeleton height="8rem" />;
  else if (log.isError) body = <ErrorState title="The audit log could not be loaded" message={errorMessage(log.error)} onRetry={() => void log.refetch()} retrying={log.isFetching} />;
  else if (log.data.events.length === 0) body = <EmptyState title="No admin actions match" message="Change the filters to see more." />;
  else
    body = (
      <>
        <Table caption="Admin actions" hideCaption columns={columns} rows={log.data.events} rowKey={(e) => e.id} />
        <Pager label="Audit log pages" page={log.data.page} pageSize={log.data.pageSize ?? AUDIT_PAGE_SIZE} total={log.data.total} onPage={setPage} />
      </>
    );

  return (
    <section className="admin-audit" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title" className="admin-orders__title">
        Audit log {log.data ? <span className="admin-orders__count">({log.data.total})</span> : null}
      </h2>
      <form className="admin-audit__filters" aria-label="Audit log filters" onSubmit={apply}>
        <Select label="Action" value={draft.action} onChange={set('action')} options={ACTION_OPTIONS} />
        <TextField label="Admin (user id)" value={draft.actor} onChange={set('actor')} spellCheck={false} />
        <TextField label="From" type="date" value={draft.from} onChange={set('from')} />
        <TextField label="To" type="date" value={draft.to} onChange={set('to')} />
        <Button type="submit">Show</Button>
      </form>
      {body}
    </section>
  );
}
