import { FAILED_JOBS_SHOWN, JOB_MESSAGES, type JobQueueView } from '@landunits/domain/contracts';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { discardFailedJob, listFailedJobs, retryFailedJob, type FailedJobRow } from '../../platform/jobs/failed-jobs';
import { queueStats } from '../../platform/jobs/queue-stats';
import { recordAudit } from '../audit';
import { requirePermissionOf } from '../auth';

/** The queue by kind and the newest failures (/admin/jobs, `npm run jobs -- list`). */
export async function jobQueueView(db: Db, now: Date): Promise<JobQueueView> {
  const [kinds, failed] = await Promise.all([queueStats(db, now), listFailedJobs(db, FAILED_JOBS_SHOWN)]);
  return {
    kinds: kinds.sort((a, b) => a.kind.localeCompare(b.kind)).map((k) => ({ ...k, oldestWaitingSeconds: Math.floor(k.oldestWaitingSeconds) })),
    failed: failed.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), failedAt: row.failedAt.toISOString() })),
    failedTotal: failed.total,
  };
}

export type JobDecision = 'retry' | 'discard';

export interface JobDecisionInput {
  id: number;
  decision: JobDecision;
  adminId: string;
  now: Date;
  requestId: string | null;
}

/**
 * Retries or discards one failed job, with its audit row in the same transaction. The admin's role is
 * read again inside it (jobs.manage: the OWNER). A job that is not failed any more (another admin
 * or the command line decided first) is a 409 and nothing changes.
 */
export async function decideFailedJob(db: Db, input: JobDecisionInput): Promise<FailedJobRow> {
  return inTransaction(db, async (tx) => {
    const role = await requirePermissionOf(tx, input.adminId, 'jobs.manage');
    const row = input.decision === 'retry' ? await retryFailedJob(tx, input.id, input.now) : await discardFailedJob(tx, input.id);
    if (!row) throw new AppError('CONFLICT', JOB_MESSAGES.notFailed);
    await recordAudit(tx, {
      actor: { userId: input.adminId, role, requestId: input.requestId },
      at: input.now,
      action: input.decision === 'retry' ? 'job.retry' : 'job.discard',
      targetType: 'job',
      targetId: String(row.id),
      before: { status: 'failed', kind: row.kind, attempts: row.attempts, lastError: row.lastError },
      after: { status: input.decision === 'retry' ? 'pending' : 'discarded' },
    });
    return row;
  });
}
