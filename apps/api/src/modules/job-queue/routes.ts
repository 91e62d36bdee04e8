import { JOB_MESSAGES, JobIdParamsSchema, JOBS_API, type JobQueueView } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { requirePermission } from '../auth';
import { decideFailedJob, jobQueueView, type JobDecision } from './job-queue';

/** The OWNER's job queue (/admin/jobs): the queue by kind, failures, retry and discard (audited). */
export async function jobQueueRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get(JOBS_API.queue, async (request, reply): Promise<JobQueueView> => {
    await requirePermission(ctx, request, reply, 'jobs.manage');
    reply.header('cache-control', 'no-store');
    return jobQueueView(ctx.db, ctx.clock.now());
  });

  const decide = (decision: JobDecision) => async (request: FastifyRequest, reply: FastifyReply) => {
    const admin = await requirePermission(ctx, request, reply, 'jobs.manage');
    const { id } = parseInput(JobIdParamsSchema, request.params);
    await decideFailedJob(ctx.db, { id, decision, adminId: admin.id, now: ctx.clock.now(), requestId: request.id });
    reply.header('cache-control', 'no-store');
    return { id, message: decision === 'retry' ? JOB_MESSAGES.retried : JOB_MESSAGES.discarded };
  };
  app.post(JOBS_API.retry, decide('retry'));
  app.post(JOBS_API.discard, decide('discard'));
}
