import { AGENT_APPLICATION_ADMIN_LABELS, AgentDecisionSchema, COMMUNITY_LIMITS, type AgentApplicationStatus } from '@landunits/domain';
import { AGENT_APPLICATION_FILTERS, AgentApplicationsQuerySchema, type AdminAgentApplication } from '@landunits/domain/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { addressParams } from '../../../shared/lib/address-params';
import { COMPACT_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pager } from '../../../shared/ui/pager';
import { Skeleton } from '../../../shared/ui/spinner';
import { StatusBadge, type BadgeTone } from '../../../shared/ui/status-badge';
import { Table, type Column } from '../../../shared/ui/table';
import { ADMIN_COMMUNITY_KEY, adminCommunityApi } from './admin-community-api';
import { ReasonDialog, type ReasonAction } from './reason-dialog';
import { askedOn } from './community-admin-parts';
import { Card, CardHead, CardList, CardTitle } from '../../../shared/ui/card-list';
import * as communityStyles from '../community.module.css';
import * as styles from './community-admin.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

const params = addressParams(['status', 'page'] as const, { status: 'all', page: '1' }, AgentApplicationsQuerySchema);
const FILTER_LABELS: Readonly<Record<(typeof AGENT_APPLICATION_FILTERS)[number], string>> = { all: 'All', ...AGENT_APPLICATION_ADMIN_LABELS, approved: 'Agents' };
const TONES: Readonly<Record<AgentApplicationStatus, BadgeTone>> = { pending: 'warning', approved: 'success', rejected: 'slate', revoked: 'danger' };

function decide(a: AdminAgentApplication, decision: 'approve' | 'reject' | 'revoke'): ReasonAction {
  const text = {
    approve: `${a.applicantName} becomes a community agent: their answers carry the agent badge. They are emailed your reason.`,
    reject: `${a.applicantName} stays a member and may apply again later. They are emailed your reason.`,
    revoke: `${a.applicantName} loses the agent badge and can no longer answer. Their answers stay. They are emailed your reason.`,
  }[decision];
  return {
    title: { approve: 'Approve this application?', reject: 'Reject this application?', revoke: 'Remove this agent badge?' }[decision],
    text,
    label: { approve: 'Approve', reject: 'Reject', revoke: 'Remove badge' }[decision],
    reasonLabel: 'Reason (the applicant reads it)',
    danger: decision !== 'approve',
    maxLength: COMMUNITY_LIMITS.decisionReason,
    schema: AgentDecisionSchema,
    run: (reason) => adminCommunityApi.decide(a.id, decision, reason),
  };
}

function Actions({ a, onAct }: { a: AdminAgentApplication; onAct: (action: ReasonAction) => void }) {
  const who = <span className="visually-hidden"> {a.applicantName}</span>;
  if (a.status === 'pending')
    return (
      <span className={styles.cqAdminActions}>
        <Button size="sm" onClick={() => onAct(decide(a, 'approve'))}>
          Approve{who}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onAct(decide(a, 'reject'))}>
          Reject{who}
        </Button>
      </span>
    );
  if (a.status === 'approved')
    return (
      <Button size="sm" variant="secondary" onClick={() => onAct(decide(a, 'revoke'))}>
        Remove badge{who}
      </Button>
    );
  return <span className="muted">{a.decisionReason ? `Reason: ${a.decisionReason}` : '—'}</span>;
}

function Application({ a }: { a: AdminAgentApplication }) {
  return (
    <>
      <p className={communityStyles.cqText}>
        <strong>Why:</strong> {a.reason}
      </p>
      <p className={communityStyles.cqText}>
        <strong>Experience and motivation:</strong> {a.experienceAndMotivation}
      </p>
    </>
  );
}

function Rows({ applications, onAct }: { applications: AdminAgentApplication[]; onAct: (action: ReasonAction) => void }) {
  const compact = useMediaQuery(COMPACT_QUERY);
  if (compact)
    return (
      <CardList aria-label="Agent applications">
        {applications.map((a) => (
          <li key={a.id}>
            <Card aria-labelledby={`ag-${a.id}`}>
              <CardHead>
                <CardTitle id={`ag-${a.id}`}>{a.applicantName}</CardTitle>
                <StatusBadge label={AGENT_APPLICATION_ADMIN_LABELS[a.status]} tone={TONES[a.status]} />
              </CardHead>
              <p className={communityStyles.cqCardMeta}>
                {a.applicantEmail} · sent {askedOn(a.createdAt)} · {a.answerCount} answers as agent
              </p>
              <Application a={a} />
              <Actions a={a} onAct={onAct} />
            </Card>
          </li>
        ))}
      </CardList>
    );
  const columns: Column<AdminAgentApplication>[] = [
    {
      key: 'who',
      header: 'Applicant',
      rowHeader: true,
      cell: (a) => (
        <>
          {a.applicantName}
          <br />
          <span className="muted">{a.applicantEmail}</span>
        </>
      ),
    },
    { key: 'application', header: 'Application', cell: (a) => <Application a={a} /> },
    { key: 'sent', header: 'Sent', cell: (a) => askedOn(a.createdAt) },
    { key: 'answers', header: 'Answers', numeric: true, cellClassName: adminStyles.adminTableFigure, cell: (a) => a.answerCount },
    { key: 'status', header: 'Status', cell: (a) => <StatusBadge label={AGENT_APPLICATION_ADMIN_LABELS[a.status]} tone={TONES[a.status]} /> },
    { key: 'actions', header: 'Actions', cell: (a) => <Actions a={a} onAct={onAct} /> },
  ];
  return <Table caption="Agent applications" hideCaption className={adminStyles.adminTable} columns={columns} rows={applications} rowKey={(a) => a.id} />;
}

/** /admin/agents: applications to become a community agent, pending first, and the agents (status Agents). */
export function AdminAgentsSection() {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = useMemo(() => params.readParams(location.search), [location.search]);
  const checked = useMemo(() => params.checkParams(raw), [raw]);
  const query = checked.ok ? checked.query : { status: 'all' as const, page: 1, pageSize: 20 };
  const [action, setAction] = useState<ReasonAction | null>(null);
  const list = useQuery({
    queryKey: [...ADMIN_COMMUNITY_KEY, 'applications', query.status, query.page],
    queryFn: ({ signal }) => adminCommunityApi.applications({ status: query.status, page: query.page }, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

  let body: ReactNode;
  if (list.isPending)
    body = (
      <div className={adminStyles.adminSkeleton} role="status">
        <span className="visually-hidden">Loading the applications…</span>
        <Skeleton height="3rem" />
      </div>
    );
  else if (list.isError) body = <ErrorState title="The applications could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.total === 0)
    body = <EmptyState headingLevel={3} title="No applications here" message="People apply from their dashboard (Become a community agent); applications waiting for a decision come first." />;
  else
    body = (
      <>
        <Rows applications={list.data.applications} onAct={setAction} />
        <Pager
          label="Application pages"
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={(page) => navigate({ pathname: location.pathname, search: params.writeSearch({ status: query.status, page: String(page) }) })}
        />
      </>
    );

  return (
    <div className={adminStyles.adminOrders}>
      <section aria-labelledby="ag-title" aria-busy={list.isFetching || undefined}>
        <h2 id="ag-title" className={adminStyles.adminOrdersTitle}>
          Agent applications
          {list.data ? (
            <span className={adminStyles.adminOrdersCount}>
              {' '}
              ({list.data.counts.pending} waiting, {list.data.counts.approved} agents)
            </span>
          ) : null}
        </h2>
        <nav aria-label="Filter applications">
          <ul className={communityStyles.cqFilter}>
            {AGENT_APPLICATION_FILTERS.map((f) => (
              <li key={f}>
                <Link
                  to={{ pathname: location.pathname, search: params.writeSearch({ status: f, page: '1' }) }}
                  className={f === query.status ? `${communityStyles.cqFilterLink} ${communityStyles.cqFilterLinkCurrent}` : communityStyles.cqFilterLink}
                  aria-current={f === query.status ? 'page' : undefined}
                >
                  {FILTER_LABELS[f]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.cqAdminDetail}>{body}</div>
      </section>
      <ReasonDialog action={action} onClose={() => setAction(null)} />
    </div>
  );
}
