import { JOB_CONTRACTS as C, JOB_MESSAGES, type FailedJob, type JobKindStats, type JobQueueView } from '@landunits/domain/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { call } from '../../../shared/api/api-client';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { Card, CardFact, CardFacts, CardHead, CardList, CardTitle } from '../../../shared/ui/card-list';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Table, type Column } from '../../../shared/ui/table';
import { showToast } from '../../../shared/ui/toast-store';
import { formatDateTime } from '../../../shared/verification/verification-data';
import { ConfirmDialog, type ConfirmTarget } from '../../../shared/admin/confirm-dialog';
import { SectionLoading } from '../../../shared/admin/section-loading';
import * as styles from './jobs.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';
import { FormAlert } from '../../../shared/ui/form-alert';

const KEY = ['admin', 'jobs'] as const;
/** How often the numbers are asked for again while the page is open. */
const REFRESH_MS = 10_000;

/** How long the oldest waiting job has waited: "—" when none waits, else "45 s", "2 min", "3 h", "2 days". */
export function waitedText(seconds: number): string {
  if (seconds <= 0) return '—';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  const days = Math.floor(seconds / 86_400);
  return `${days} day${days === 1 ? '' : 's'}`;
}

const KIND_COLUMNS: readonly Column<JobKindStats>[] = [
  { key: 'kind', header: 'Kind', rowHeader: true, cell: (row) => <span className={styles.jobsKind}>{row.kind}</span> },
  { key: 'waiting', header: 'Waiting', numeric: true, cell: (row) => row.waiting },
  { key: 'running', header: 'Running', numeric: true, cell: (row) => row.running },
  { key: 'failed', header: 'Failed', numeric: true, cell: (row) => row.failed },
  { key: 'oldest', header: 'Oldest waiting', numeric: true, cell: (row) => waitedText(row.oldestWaitingSeconds) },
];

function KindsPart({ kinds }: { kinds: readonly JobKindStats[] }) {
  return (
    <section className={styles.jobsPart} aria-labelledby="jobs-kinds-title">
      <h2 id="jobs-kinds-title" className={adminStyles.adminOrdersTitle}>
        Jobs by kind
      </h2>
      <p className={`muted ${styles.jobsPartNote}`}>Waiting includes jobs due to be retried after a failed attempt. The numbers refresh every 10 seconds.</p>
      {kinds.length === 0 ? (
        <EmptyState headingLevel={3} title="The queue is empty" message="No job is waiting, running or failed." />
      ) : (
        <Table caption="Jobs by kind" hideCaption columns={KIND_COLUMNS} rows={kinds} rowKey={(row) => row.kind} />
      )}
    </section>
  );
}

interface FailedCardProps {
  job: FailedJob;
  retrying: boolean;
  onRetry: (job: FailedJob) => void;
  onDiscard: (job: FailedJob) => void;
}

function FailedCard({ job, retrying, onRetry, onDiscard }: FailedCardProps) {
  const titleId = `failed-job-${job.id}`;
  return (
    <Card aria-labelledby={titleId}>
      <CardHead>
        <CardTitle id={titleId} className={styles.jobsCardTitle}>
          {job.kind} <span className="muted">#{job.id}</span>
        </CardTitle>
      </CardHead>
      <CardFacts>
        <CardFact term="Failed">{formatDateTime(job.failedAt)}</CardFact>
        <CardFact term="Attempts">{job.attempts}</CardFact>
        <CardFact term="Created">{formatDateTime(job.createdAt)}</CardFact>
        {job.about ? <CardFact term="About">{job.about}</CardFact> : null}
      </CardFacts>
      <dl className={styles.jobsError}>
        <dt>Last error</dt>
        <dd>{job.lastError ? <pre className={styles.jobsErrorText}>{job.lastError}</pre> : <span className="muted">No error was logged.</span>}</dd>
      </dl>
      <div className={adminStyles.adminActions}>
        <Button size="sm" variant="secondary" loading={retrying} disabled={retrying} onClick={() => onRetry(job)}>
          Retry<span className="visually-hidden"> job #{job.id}</span>
        </Button>
        <Button size="sm" variant="ghost" className={adminStyles.adminActionsReject} disabled={retrying} onClick={() => onDiscard(job)}>
          Discard<span className="visually-hidden"> job #{job.id}</span>
        </Button>
      </div>
    </Card>
  );
}

interface FailedPartProps {
  view: JobQueueView;
  retrying: ReadonlySet<number>;
  onRetry: (job: FailedJob) => void;
  onDiscard: (job: FailedJob) => void;
  /** Where the focus goes once a decided job has left the list. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

function FailedPart({ view, retrying, onRetry, onDiscard, headingRef }: FailedPartProps) {
  const { failed, failedTotal } = view;
  return (
    <section className={styles.jobsPart} aria-labelledby="jobs-failed-title">
      <h2 id="jobs-failed-title" className={adminStyles.adminOrdersTitle} ref={headingRef} tabIndex={-1}>
        Failed jobs <span className={adminStyles.adminOrdersCount}>({failedTotal})</span>
      </h2>
      {failed.length === 0 ? (
        <EmptyState headingLevel={3} title="No failed jobs" message="A job that fails its last attempt waits here until you retry or discard it." />
      ) : (
        <>
          <p className={`muted ${styles.jobsPartNote}`}>
            Newest first. Retry runs a job again from its first attempt; Discard gives it up for good.
            {failedTotal > failed.length ? ` Showing the newest ${failed.length} of ${failedTotal}.` : ''}
          </p>
          <CardList aria-label="Failed jobs, newest first">
            {failed.map((job) => (
              <li key={job.id}>
                <FailedCard job={job} retrying={retrying.has(job.id)} onRetry={onRetry} onDiscard={onDiscard} />
              </li>
            ))}
          </CardList>
        </>
      )}
    </section>
  );
}

/**
 * /admin/jobs (permission jobs.manage, the owner's): the job queue by kind, refreshed every 10
 * seconds, and the newest failed jobs with their last error. A failed job is retried at once, or
 * discarded after a confirmation; both are audited. A job someone else already handled is refused
 * with the server's message, and the list is refreshed.
 */
export function JobsSection() {
  const client = useQueryClient();
  const [retrying, setRetrying] = useState<ReadonlySet<number>>(new Set());
  const [confirm, setConfirm] = useState<ConfirmTarget | null>(null);
  const query = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call(C.adminJobQueue, { signal }), staleTime: 0, refetchInterval: REFRESH_MS, meta: { silent: true } });
  const failedHeading = useRef<HTMLHeadingElement>(null);
  // The decided job's card (and its button, which had the focus) is gone after the refresh: keyboard
  // and screen reader users continue from the list's heading, once any dialog has closed.
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: KEY });
    setTimeout(() => failedHeading.current?.focus(), 0);
  };

  const retry = async (job: FailedJob) => {
    if (retrying.has(job.id)) return;
    setRetrying((ids) => new Set(ids).add(job.id));
    try {
      const answer = await call(C.adminRetryJob, { params: { id: job.id } });
      showToast(answer.message || JOB_MESSAGES.retried, 'success');
    } catch (error) {
      showToast(errorMessage(error), 'error');
    } finally {
      await refresh();
      setRetrying((ids) => {
        const next = new Set(ids);
        next.delete(job.id);
        return next;
      });
    }
  };

  const askDiscard = (job: FailedJob) =>
    setConfirm({
      title: `Discard job #${job.id}?`,
      message: `This ${job.kind} job will never run again. It stays in the records, and discarding it is written to the audit log.`,
      label: 'Discard job',
      run: async () => {
        try {
          const answer = await call(C.adminDiscardJob, { params: { id: job.id } });
          showToast(answer.message || JOB_MESSAGES.discarded, 'success');
        } catch (error) {
          // Already retried or discarded by someone else: nothing left to decide here.
          if (!isApiError(error) || error.status !== 409) throw error;
          showToast(error.message, 'error');
        }
        await refresh();
      },
    });

  let body: ReactNode;
  if (query.isPending) body = <SectionLoading label="Loading the job queue…" />;
  else if (!query.data) body = <ErrorState title="The job queue could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else
    body = (
      <>
        {query.isError ? (
          <FormAlert className={adminStyles.adminDialogError}>
            The numbers could not be refreshed ({errorMessage(query.error)}); they are as of {formatDateTime(new Date(query.dataUpdatedAt).toISOString())}.
          </FormAlert>
        ) : null}
        <KindsPart kinds={query.data.kinds} />
        <FailedPart view={query.data} retrying={retrying} onRetry={(job) => void retry(job)} onDiscard={askDiscard} headingRef={failedHeading} />
      </>
    );

  return (
    <div className={adminStyles.adminQueue}>
      {body}
      <ConfirmDialog target={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}
