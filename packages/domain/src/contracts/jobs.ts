import { z } from 'zod';
import { defineRoute, IsoDateTime } from './contract';

/**
 * The job queue (the outbox: emails, webhooks, tracker forwards, scheduled work), for the OWNER at
 * /admin/jobs and from the command line (`npm run jobs`). A job that failed its last attempt waits
 * here until someone retries it (from its first attempt again) or discards it; both are audited.
 */

export const JOBS_API = {
  queue: '/api/admin/jobs',
  retry: '/api/admin/jobs/:id/retry',
  discard: '/api/admin/jobs/:id/discard',
} as const;

export const JOB_MESSAGES = {
  notFailed: 'This job is not waiting for a decision any more: it was retried, discarded or never failed.',
  retried: 'The job will run again within a few seconds.',
  discarded: 'The job was discarded; it will not run again.',
} as const;

export const JobKindStatsSchema = z.object({
  kind: z.string(),
  /** Due or waiting for a retry. */
  waiting: z.number().int(),
  /** Being carried out right now by an instance. */
  running: z.number().int(),
  /** Failed their last attempt, waiting for a decision. */
  failed: z.number().int(),
  /** Age of the oldest waiting job, in whole seconds (0 when none waits). */
  oldestWaitingSeconds: z.number().int(),
});
export type JobKindStats = z.output<typeof JobKindStatsSchema>;

export const FailedJobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  attempts: z.number().int(),
  /** The error of the last attempt, as logged. */
  lastError: z.string().nullable(),
  createdAt: IsoDateTime,
  /** When the last attempt was made. */
  failedAt: IsoDateTime,
  /** What the job is about, where it says so: an email's recipient and subject. */
  about: z.string().nullable(),
});
export type FailedJob = z.output<typeof FailedJobSchema>;

export const JobQueueViewSchema = z.object({
  kinds: z.array(JobKindStatsSchema),
  /** The newest failures first, at most FAILED_JOBS_SHOWN. */
  failed: z.array(FailedJobSchema),
  failedTotal: z.number().int(),
});
export type JobQueueView = z.output<typeof JobQueueViewSchema>;

/** How many failures the page lists (the newest); the totals by kind count them all. */
export const FAILED_JOBS_SHOWN = 100;

export const JobIdParamsSchema = z.object({ id: z.coerce.number({ message: 'Not a job.' }).int('Not a job.').positive('Not a job.').max(Number.MAX_SAFE_INTEGER, 'Not a job.') });
export const JobActionAnswerSchema = z.object({ id: z.number().int(), message: z.string() });

const area = 'Admin';
const permission = 'jobs.manage' as const;

export const JOB_CONTRACTS = {
  adminJobQueue: defineRoute({
    method: 'GET',
    path: JOBS_API.queue,
    auth: 'admin',
    permission,
    area,
    summary: 'The job queue by kind (waiting, running, failed, oldest waiting) and the newest failed jobs with their errors.',
    responses: { 200: JobQueueViewSchema },
    errors: [],
  }),
  adminRetryJob: defineRoute({
    method: 'POST',
    path: JOBS_API.retry,
    auth: 'admin',
    permission,
    area,
    summary: 'Runs a failed job again from its first attempt (audited).',
    request: { params: JobIdParamsSchema },
    responses: { 200: JobActionAnswerSchema },
    errors: ['VALIDATION_FAILED', 'CONFLICT'],
  }),
  adminDiscardJob: defineRoute({
    method: 'POST',
    path: JOBS_API.discard,
    auth: 'admin',
    permission,
    area,
    summary: 'Gives up a failed job for good (audited); it stays in the records.',
    request: { params: JobIdParamsSchema },
    responses: { 200: JobActionAnswerSchema },
    errors: ['VALIDATION_FAILED', 'CONFLICT'],
  }),
} as const;
