import { type EmailChangeStatus, formatDateTime } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { COMPACT_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/spinner';
import { Table, type Column } from '../../../shared/ui/table';
import { EmailChangeDecisionDialog, type Decision } from './email-change-decision-dialog';
import { emailChangeDetailKey, emailChangeQueueKey, emailChangesApi, waitedFor, type AdminEmailChangeItem } from './email-changes-api';
import { Card, CardHead, CardList, CardTitle } from '../../../shared/ui/card-list';
import * as adminStyles from '../../../shared/admin/admin.module.css';

/** Where an undecided request stands, in words (its status name is for the code, not for people). */
const STAGES: Readonly<Record<EmailChangeStatus, string>> = {
  PendingPasswordVerification: 'Started',
  PasswordVerified: 'Password confirmed',
  PendingNewEmailVerification: 'Waiting for the link to be opened',
  VerifiedNewEmail: 'New address confirmed',
  DocumentsUploaded: 'Document uploaded',
  PendingAdminApproval: 'Waiting for approval',
  CancelledByUser: 'Cancelled',
};

const dateTime = (iso: string) => formatDateTime(iso);

function Loading({ label }: { label: string }) {
  return (
    <div className={adminStyles.adminSkeleton} role="status">
      <span className="visually-hidden">{label}</span>
      {[0, 1].map((n) => (
        <Skeleton key={n} height="3rem" />
      ))}
    </div>
  );
}

/** One request: the person, both addresses, the document and their earlier requests, with the decisions. */
function RequestDetail({ id, onDecide, onClose }: { id: string; onDecide: (decision: Decision) => void; onClose: () => void }) {
  const detail = useQuery({ queryKey: emailChangeDetailKey(id), queryFn: ({ signal }) => emailChangesApi.detail(id, signal), staleTime: 0, meta: { silent: true } });
  let body: ReactNode;
  if (detail.isPending) body = <Loading label="Loading the request…" />;
  else if (detail.isError)
    body = <ErrorState headingLevel={3} title="The request could not be loaded" message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  else {
    const { request, history } = detail.data;
    const open = request.outcome === null && request.status === 'PendingAdminApproval';
    body = (
      <>
        <dl className={adminStyles.adminCardFacts}>
          <dt>Person</dt>
          <dd>{request.name}</dd>
          <dt>Current address</dt>
          <dd>{request.currentEmail}</dd>
          <dt>New address</dt>
          <dd>{request.newEmail}</dd>
          <dt>Submitted</dt>
          <dd>{dateTime(request.submittedAt)}</dd>
          <dt>Document</dt>
          <dd>
            {request.document ? (
              <a href={request.document.url} download>
                {request.document.filename}
              </a>
            ) : (
              'None'
            )}
          </dd>
          {request.outcome ? (
            <>
              <dt>Decision</dt>
              <dd>{request.outcome === 'Approved' ? 'Approved' : `Rejected: ${request.rejectionReason ?? ''}`}</dd>
            </>
          ) : null}
        </dl>
        {open ? (
          <div className={adminStyles.adminDialogActions}>
            <Button onClick={() => onDecide({ kind: 'approve', request })}>Approve</Button>
            <Button variant="secondary" onClick={() => onDecide({ kind: 'reject', request })}>
              Reject
            </Button>
          </div>
        ) : null}
        <h4 className={adminStyles.emailChangesHistoryTitle}>Their requests</h4>
        <ul className={adminStyles.emailChangesHistory}>
          {history.map((h) => (
            <li key={h.id}>
              {dateTime(h.createdAt)}: {h.newEmail ?? 'no address yet'} — {h.outcome ?? STAGES[h.status]}
              {h.rejectionReason ? ` (${h.rejectionReason})` : ''}
              {h.internalNote ? <span className="muted"> Note: {h.internalNote}</span> : null}
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <Card as="section" className={adminStyles.emailChangesDetail} aria-labelledby="email-change-detail-title">
      <CardHead>
        <CardTitle id="email-change-detail-title">Request details</CardTitle>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </CardHead>
      {body}
    </Card>
  );
}

function ReviewButton({ request, onOpen }: { request: AdminEmailChangeItem; onOpen: (id: string) => void }) {
  return (
    <Button size="sm" variant="secondary" onClick={() => onOpen(request.id)}>
      Review<span className="visually-hidden"> the request of {request.name}</span>
    </Button>
  );
}

function QueueList({ requests, now, onOpen }: { requests: AdminEmailChangeItem[]; now: Date; onOpen: (id: string) => void }) {
  const compact = useMediaQuery(COMPACT_QUERY);
  if (compact) {
    return (
      <CardList aria-label="Email change requests">
        {requests.map((r) => (
          <li key={r.id}>
            <Card aria-labelledby={`ec-${r.id}`}>
              <CardHead>
                <CardTitle id={`ec-${r.id}`}>{r.name}</CardTitle>
                <span className="muted">waiting {waitedFor(r.submittedAt, now)}</span>
              </CardHead>
              <dl className={adminStyles.adminCardFacts}>
                <dt>Current</dt>
                <dd>{r.currentEmail}</dd>
                <dt>New</dt>
                <dd>{r.newEmail}</dd>
              </dl>
              <ReviewButton request={r} onOpen={onOpen} />
            </Card>
          </li>
        ))}
      </CardList>
    );
  }
  const columns: Column<AdminEmailChangeItem>[] = [
    { key: 'name', header: 'Person', rowHeader: true, cell: (r) => r.name },
    { key: 'current', header: 'Current address', cell: (r) => r.currentEmail },
    { key: 'new', header: 'New address', cell: (r) => r.newEmail },
    { key: 'age', header: 'Waiting', cell: (r) => waitedFor(r.submittedAt, now) },
    { key: 'actions', header: 'Actions', cell: (r) => <ReviewButton request={r} onOpen={onOpen} /> },
  ];
  return <Table caption="Email change requests" hideCaption className={adminStyles.adminTable} columns={columns} rows={requests} rowKey={(r) => r.id} />;
}

/** /admin/email-changes: requests waiting for a decision, oldest first, each opened to decide it. */
export function EmailChangesSection() {
  const [openId, setOpenId] = useState<string | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [now] = useState(() => new Date());
  const queue = useQuery({ queryKey: emailChangeQueueKey, queryFn: ({ signal }) => emailChangesApi.queue(signal), staleTime: 0, meta: { silent: true } });

  let body: ReactNode;
  if (queue.isPending) body = <Loading label="Loading the email change requests…" />;
  else if (queue.isError)
    body = <ErrorState title="The email change requests could not be loaded" message={errorMessage(queue.error)} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />;
  else if (queue.data.requests.length === 0) body = <EmptyState headingLevel={3} title="No requests waiting" message="Submitted email change requests appear here, oldest first." />;
  else body = <QueueList requests={queue.data.requests} now={now} onOpen={setOpenId} />;

  return (
    <div className={adminStyles.adminOrders}>
      <section aria-labelledby="email-changes-title" aria-busy={queue.isFetching || undefined}>
        <h2 id="email-changes-title" className={adminStyles.adminOrdersTitle}>
          Email change requests
          {queue.data && queue.data.requests.length > 0 ? <span className={adminStyles.adminOrdersCount}> ({queue.data.requests.length})</span> : null}
        </h2>
        {body}
      </section>
      {openId ? <RequestDetail id={openId} onDecide={setDecision} onClose={() => setOpenId(null)} /> : null}
      <EmailChangeDecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </div>
  );
}
