import { JOB_CONTRACTS as C, JOB_MESSAGES } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route, type RouteInput } from '../auth';
import { decideFailedJob, jobQueueView, type JobDecision } from './job-queue';

/** The OWNER's job queue (/admin/jobs): the queue by kind, failures, retry and discard (audited); each route is its contract (JOB_CONTRACTS). */
export async function jobQueueRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.adminJobQueue, () => jobQueueView(ctx.db, ctx.clock.now()));

  const decide = async (decision: JobDecision, { admin, params, request }: RouteInput<typeof C.adminRetryJob | typeof C.adminDiscardJob>) => {
    await decideFailedJob(ctx.db, { id: params.id, decision, adminId: admin.id, now: ctx.clock.now(), requestId: request.id });
    return { id: params.id, message: decision === 'retry' ? JOB_MESSAGES.retried : JOB_MESSAGES.discarded };
  };
  route(app, C.adminRetryJob, (input) => decide('retry', input));
  route(app, C.adminDiscardJob, (input) => decide('discard', input));
}
