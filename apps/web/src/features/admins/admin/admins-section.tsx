import { ADMIN_ROLE_LABELS, ADMIN_ROLES } from '@landunits/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useFilterForm } from '../../../shared/lib/use-form';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { Select } from '../../../shared/ui/select';
import { Skeleton } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { Table, type Column } from '../../../shared/ui/table';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { AdminDialogs, adminLabel, type AdminDialog } from './admin-dialogs';
import { ADMIN_LIST_DEFAULTS, ADMIN_SORT_OPTIONS, ADMINS_PAGE_SIZE, ADMINS_ROOT, adminsApi, adminsKey, type AdminListItem, type AdminListParams } from './admins-api';
import { dateTimeUtc, useUrlParams } from '../../../shared/admin/use-url-params';
import { Card, CardHead, CardList, CardTitle } from '../../../shared/ui/card-list';
import * as styles from './admins.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

const ROLE_FILTER = [{ value: '', label: 'All roles' }, ...ADMIN_ROLES.map((role) => ({ value: role, label: ADMIN_ROLE_LABELS[role] }))];
const STATUS_FILTER = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'invited', label: 'Invited' },
];

function Status({ admin }: { admin: AdminListItem }) {
  if (admin.status === 'active') return <StatusBadge label="Active" tone="success" />;
  return (
    <span className={styles.adminsStatus}>
      <StatusBadge label="Invited" tone="lilac" />
      <span className="muted">{admin.invitationExpiresAt ? `Link valid until ${dateTimeUtc(admin.invitationExpiresAt)}` : 'Link expired'}</span>
    </span>
  );
}

function Name({ admin }: { admin: AdminListItem }) {
  return (
    <>
      {admin.name || <span className="muted">No name yet</span>}
      {admin.you ? <span className={styles.adminsYou}> (you)</span> : null}
    </>
  );
}

/** An address that may wrap before its @ (and only break inside a part when that alone is too wide). */
function Email({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className={styles.adminsEmail}>{email}</span>;
  return (
    <span className={styles.adminsEmail}>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}

const lastSignIn = (admin: AdminListItem) => (admin.lastSignInAt ? dateTimeUtc(admin.lastSignInAt) : 'Never');

/** The controls of one admin: none on your own row (nobody changes their own role). */
function RowActions({ admin, onDialog }: { admin: AdminListItem; onDialog: (dialog: AdminDialog) => void }) {
  const client = useQueryClient();
  const [sending, setSending] = useState(false);
  const who = <span className="visually-hidden"> of {adminLabel(admin)}</span>;
  const auditLink = (
    <Link className={styles.adminsAuditLink} to={`/admin/audit?targetType=admin&targetId=${encodeURIComponent(admin.id)}`}>
      Audit log{who}
    </Link>
  );
  if (admin.you) return <div className={styles.adminsActions}>{auditLink}</div>;
  const resend = async () => {
    setSending(true);
    try {
      showToast((await adminsApi.invite({ email: admin.email, role: admin.role })).message, 'success');
      void client.invalidateQueries({ queryKey: ADMINS_ROOT });
    } catch (error) {
      showToast(errorMessage(error), 'error');
    } finally {
      setSending(false);
    }
  };
  return (
    <div className={styles.adminsActions}>
      <Button size="sm" variant="secondary" onClick={() => onDialog({ kind: 'role', admin })}>
        Change role{who}
      </Button>
      {admin.status === 'invited' ? (
        <Button size="sm" variant="secondary" loading={sending} onClick={() => void resend()}>
          Send again<span className="visually-hidden"> to {admin.email}</span>
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" className={adminStyles.adminActionsReject} onClick={() => onDialog({ kind: 'remove', admin })}>
        {admin.status === 'invited' ? (
          <>
            Cancel invitation<span className="visually-hidden"> to {admin.email}</span>
          </>
        ) : (
          <>
            Remove<span className="visually-hidden"> {adminLabel(admin)}</span>
          </>
        )}
      </Button>
      {auditLink}
    </div>
  );
}

function AdminList({ admins, compact, onDialog }: { admins: AdminListItem[]; compact: boolean; onDialog: (dialog: AdminDialog) => void }) {
  if (compact) {
    return (
      <CardList className={adminStyles.adminOrdersList} aria-label="Admins">
        {admins.map((admin) => (
          <li key={admin.id}>
            <Card aria-labelledby={`admin-${admin.id}`}>
              <CardHead>
                <CardTitle id={`admin-${admin.id}`}>
                  <Name admin={admin} />
                </CardTitle>
                <StatusBadge label={ADMIN_ROLE_LABELS[admin.role]} tone="info" />
              </CardHead>
              <dl className={adminStyles.adminCardFacts}>
                <dt>Email</dt>
                <dd>
                  <Email email={admin.email} />
                </dd>
                <dt>Status</dt>
                <dd>
                  <Status admin={admin} />
                </dd>
                <dt>Last sign-in</dt>
                <dd>{lastSignIn(admin)}</dd>
              </dl>
              <RowActions admin={admin} onDialog={onDialog} />
            </Card>
          </li>
        ))}
      </CardList>
    );
  }
  const columns: Column<AdminListItem>[] = [
    { key: 'name', header: 'Name', rowHeader: true, cell: (a) => <Name admin={a} /> },
    { key: 'email', header: 'Email', cell: (a) => <Email email={a.email} /> },
    { key: 'role', header: 'Role', cell: (a) => ADMIN_ROLE_LABELS[a.role] },
    { key: 'status', header: 'Status', cell: (a) => <Status admin={a} /> },
    { key: 'signin', header: 'Last sign-in', cell: lastSignIn },
    { key: 'actions', header: 'Actions', cell: (a) => <RowActions admin={a} onDialog={onDialog} /> },
  ];
  return <Table caption="Admins" hideCaption className={adminStyles.adminTable} scrollClassName={adminStyles.adminOrdersList} columns={columns} rows={admins} rowKey={(a) => a.id} />;
}

function Filters({ params, onApply }: { params: AdminListParams; onApply: (next: Partial<AdminListParams>) => void }) {
  const { q, role, status, sort } = params;
  const form = useFilterForm({ q, role, status, sort }, (values) => onApply({ ...values, page: '1' }));
  return (
    <form {...form.formProps} className={adminStyles.adminAuditFilters} aria-label="Admin filters" role="search">
      <TextField {...form.field('q')} label="Name or email" type="search" spellCheck={false} maxLength={100} />
      <Select {...form.field('role')} label="Role" options={ROLE_FILTER} />
      <Select {...form.field('status')} label="Status" options={STATUS_FILTER} />
      <Select {...form.field('sort')} label="Sort" options={ADMIN_SORT_OPTIONS} />
      <Button type="submit">Show</Button>
    </form>
  );
}

/** /admin/admins: the admins and open invitations; invite, change a role, remove (owners only). */
export function AdminsSection() {
  const { params, set } = useUrlParams<keyof AdminListParams>(ADMIN_LIST_DEFAULTS);
  const compact = useMediaQuery(MOBILE_QUERY);
  const [dialog, setDialog] = useState<AdminDialog | null>(null);
  const list = useQuery({
    queryKey: adminsKey(params),
    queryFn: ({ signal }) => adminsApi.list(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
  const filtered = params.q !== '' || params.role !== '' || params.status !== '';

  let body: ReactNode;
  if (list.isPending) body = <Skeleton height="8rem" />;
  else if (list.isError) body = <ErrorState title="The admins could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.admins.length === 0)
    body = filtered ? (
      <EmptyState
        headingLevel={3}
        title="No admins match"
        message="Change the search or the filters."
        action={
          <Button variant="secondary" onClick={() => set(ADMIN_LIST_DEFAULTS)}>
            Show every admin
          </Button>
        }
      />
    ) : (
      <EmptyState headingLevel={3} title="No admins yet" message="Invite the people who run Land Units with you." />
    );
  else
    body = (
      <>
        <AdminList admins={list.data.admins} compact={compact} onDialog={setDialog} />
        <Pager label="Admin pages" page={list.data.page} pageSize={list.data.pageSize ?? ADMINS_PAGE_SIZE} total={list.data.total} onPage={(page) => set({ page: String(page) })} />
      </>
    );

  return (
    <section className={`${adminStyles.adminOrders} ${styles.admins}`} aria-labelledby="admins-title" aria-busy={list.isFetching || undefined}>
      <div className={styles.adminsHead}>
        <h2 id="admins-title" className={`${adminStyles.adminOrdersTitle} ${styles.adminsTitle}`}>
          Admins {list.data ? <span className={adminStyles.adminOrdersCount}>({list.data.total})</span> : null}
        </h2>
        <Button onClick={() => setDialog({ kind: 'invite' })}>Invite an admin</Button>
      </div>
      <Filters params={params} onApply={set} />
      {body}
      <AdminDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </section>
  );
}
