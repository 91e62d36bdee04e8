import { type SettingRequestStatus, formatDay } from '@landunits/domain';
import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/button';
import { Pager } from '../../../shared/ui/pager';
import { StatusBadge, type BadgeTone } from '../../../shared/ui/status-badge';
import { Table } from '../../../shared/ui/table';
import { whenText } from '../../../shared/admin/settings-parts';
import type { DecisionVerb, SettingChangeRequest } from './settings-api';
import { Card, CardHead, CardList, CardTitle } from '../../../shared/ui/card-list';
import * as settingsStyles from '../../../shared/admin/settings.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

/** How a section names and shows one of its values, by path. */
export type Describe = (path: string) => { label: string; show: (value: string | number | boolean | null) => string };

export interface DecisionTarget {
  verb: DecisionVerb;
  request: SettingChangeRequest;
}

const TONES: Readonly<Record<SettingRequestStatus, BadgeTone>> = {
  Pending: 'warning',
  Approved: 'success',
  Rejected: 'danger',
  Withdrawn: 'slate',
  Superseded: 'neutral',
};

const STATUS_WORDS: Readonly<Record<SettingRequestStatus, string>> = {
  Pending: 'Waiting for approval',
  Approved: 'Approved',
  Rejected: 'Rejected',
  Withdrawn: 'Withdrawn',
  Superseded: 'Superseded',
};

type Change = SettingChangeRequest['changes'][number];

/** Every changed value: in force → proposed, one row each; `spaced` leaves room below it (in the decision dialog). */
export function ChangeDiff({ changes, describe, caption, spaced = false }: { changes: readonly Change[]; describe: Describe; caption: string; spaced?: boolean }) {
  return (
    <Table
      caption={caption}
      hideCaption
      scrollClassName={spaced ? settingsStyles.settingsDialogDiff : undefined}
      rows={changes}
      rowKey={(change) => change.path}
      columns={[
        { key: 'setting', header: 'Setting', rowHeader: true, cell: (change) => describe(change.path).label },
        { key: 'before', header: 'In force', cell: (change) => <span className={settingsStyles.settingsDiffBefore}>{describe(change.path).show(change.before)}</span> },
        { key: 'after', header: 'Proposed', cell: (change) => <strong className={settingsStyles.settingsDiffAfter}>{describe(change.path).show(change.after)}</strong> },
      ]}
    />
  );
}

/** When the price terms of a money request apply. */
function pricesNote(request: SettingChangeRequest): ReactNode {
  if (!request.pricesChange) return null;
  const day = request.pricesFrom ? formatDay(request.pricesFrom) : null;
  return (
    <p className={settingsStyles.settingsNote}>
      {day
        ? `The new prices apply from 00:00 UTC on ${day}; the other figures applied on approval.`
        : 'Prices change from 00:00 UTC on the day after approval; today’s prices stay as they are. The other figures apply on approval.'}
    </p>
  );
}

function PendingCard({ request, describe, onDecide }: { request: SettingChangeRequest; describe: Describe; onDecide: (target: DecisionTarget) => void }) {
  const titleId = `setting-request-${request.id}`;
  return (
    <Card className={settingsStyles.settingsRequest} aria-labelledby={titleId}>
      <CardHead>
        <CardTitle as="h4" id={titleId}>
          Proposed by {request.yours ? 'you' : request.proposedBy.name}
        </CardTitle>
        <StatusBadge label={request.stale ? 'Out of date' : STATUS_WORDS.Pending} tone={request.stale ? 'danger' : 'warning'} />
      </CardHead>
      <dl className={`${adminStyles.adminCardFacts} ${settingsStyles.settingsRequestFacts}`}>
        <dt>When</dt>
        <dd>{whenText(request.proposedAt)}</dd>
        <dt>Why</dt>
        <dd>{request.reason}</dd>
      </dl>
      <ChangeDiff changes={request.changes} describe={describe} caption={`Changes proposed by ${request.proposedBy.name}`} />
      {pricesNote(request)}
      {request.stale ? (
        <p className={settingsStyles.settingsWarning} role="note">
          The settings have changed since this was proposed, so it can no longer be approved. Reject it; the change can be proposed again from the settings in force.
        </p>
      ) : null}
      {request.yours ? <p className={settingsStyles.settingsNote}>You proposed this change: another admin must approve it.</p> : null}
      <div className={adminStyles.adminActions}>
        {request.canApprove ? <Button onClick={() => onDecide({ verb: 'approve', request })}>Approve</Button> : null}
        {request.canReject ? (
          <Button variant="secondary" onClick={() => onDecide({ verb: 'reject', request })}>
            Reject
          </Button>
        ) : null}
        {request.canWithdraw ? (
          <Button variant="secondary" onClick={() => onDecide({ verb: 'withdraw', request })}>
            Withdraw
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** Requests waiting for a second admin, oldest first, each with its before → after and the actions the viewer may take. */
export function PendingRequests({ requests, describe, onDecide }: { requests: readonly SettingChangeRequest[]; describe: Describe; onDecide: (target: DecisionTarget) => void }) {
  return (
    <section className={settingsStyles.settingsPending} aria-labelledby="settings-pending-title">
      <h3 id="settings-pending-title" className={settingsStyles.settingsSubtitle}>
        Waiting for a second admin{requests.length ? ` (${requests.length})` : ''}
      </h3>
      {requests.length === 0 ? (
        <p className="muted">Nothing is waiting. A change you propose appears here until another admin decides it.</p>
      ) : (
        <CardList className={settingsStyles.settingsPendingList} aria-label="Changes waiting for approval">
          {requests.map((request) => (
            <li key={request.id}>
              <PendingCard request={request} describe={describe} onDecide={onDecide} />
            </li>
          ))}
        </CardList>
      )}
    </section>
  );
}

function outcome(request: SettingChangeRequest): string {
  const by = request.decidedBy?.name ?? 'an admin';
  switch (request.status) {
    case 'Approved':
      return `Approved by ${by}`;
    case 'Rejected':
      return `Rejected by ${by}: ${request.decisionReason ?? ''}`;
    case 'Withdrawn':
      return 'Withdrawn by the proposer';
    default:
      return 'Superseded by a change approved before it';
  }
}

/** Decided requests, newest first, a page at a time (the server pages them). */
export function RequestHistory(props: { requests: readonly SettingChangeRequest[]; total: number; page: number; pageSize: number; describe: Describe; onPage: (page: number) => void }) {
  const { requests, total, page, pageSize, describe, onPage } = props;
  return (
    <section className={settingsStyles.settingsHistory} aria-labelledby="settings-history-title">
      <h3 id="settings-history-title" className={settingsStyles.settingsSubtitle}>
        History
      </h3>
      {total === 0 ? (
        <p className="muted">No decided changes yet. Approved, rejected and withdrawn changes are listed here, newest first.</p>
      ) : (
        <>
          <ul className={settingsStyles.settingsHistoryList}>
            {requests.map((request) => (
              <li key={request.id} className={settingsStyles.settingsHistoryItem}>
                <div className={settingsStyles.settingsHistoryHead}>
                  <StatusBadge label={STATUS_WORDS[request.status]} tone={TONES[request.status]} />
                  <span>
                    {request.decidedAt ? whenText(request.decidedAt) : ''} · {outcome(request)}
                  </span>
                </div>
                <p className={settingsStyles.settingsHistoryWhat}>
                  Proposed by {request.proposedBy.name}: {request.changes.map((c) => `${describe(c.path).label} ${describe(c.path).show(c.before)} → ${describe(c.path).show(c.after)}`).join('; ')}
                </p>
              </li>
            ))}
          </ul>
          <Pager label="History pages" page={page} pageSize={pageSize} total={total} onPage={onPage} />
        </>
      )}
    </section>
  );
}
