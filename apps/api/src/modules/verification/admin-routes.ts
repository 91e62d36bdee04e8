import { BankDecisionSchema, ProfileDecisionSchema, REVIEW_MESSAGES, ReviewQueueQuerySchema } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, parseInput } from '../../platform/http/app-error';
import { requireMoneyPermission, requirePermission } from '../auth';
import { reviewCase } from './review-case';
import { decideVerification } from './review-decide';
import { reviewQueue } from './review-queue';

const UserIdParamsSchema = z.object({ userId: z.uuid() });

/**
 * The admin review of verifications (PRODUCT-DECISIONS §8, §12): queues, one person's case, and
 * the decisions at the SPEC's addresses. Every route asks verifications.review (COMPLIANCE, OWNER).
 */
export async function verificationAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/api/admin/verifications', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'verifications.review');
    const query = parseInput(ReviewQueueQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return reviewQueue(ctx, query.kind);
  });

  app.get('/api/admin/verifications/:userId', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'verifications.review');
    const params = UserIdParamsSchema.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.unknownUser);
    reply.header('cache-control', 'no-store');
    return reviewCase(ctx, params.data.userId);
  });

  const decide = (kind: 'profile' | 'bank') => async (request: FastifyRequest, reply: FastifyReply) => {
    // Approving bank details says where payouts go: a decision on money (decision 0050).
    const admin = kind === 'bank' ? await requireMoneyPermission(ctx, request, reply, 'verifications.review') : await requirePermission(ctx, request, reply, 'verifications.review');
    const input = parseInput(kind === 'profile' ? ProfileDecisionSchema : BankDecisionSchema, request.body);
    reply.header('cache-control', 'no-store');
    return decideVerification(ctx, { userId: admin.id, role: admin.adminRole, requestId: request.id }, kind, input);
  };
  app.post('/api/user/approve_profile', decide('profile'));
  app.post('/api/user/approve-bank', decide('bank'));
}
