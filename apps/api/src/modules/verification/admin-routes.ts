import { REVIEW_MESSAGES, VERIFICATION_ADMIN_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { route } from '../auth';
import { reviewCase } from './show-review-case';
import { decideVerification } from './decide-verification';
import { reviewQueue } from './list-review-queue';

/** A person's id: anything else is no verification of anyone (404, not 400). */
const userIdOf = (params: { userId: string }): string => {
  const parsed = z.uuid().safeParse(params.userId);
  if (!parsed.success) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.unknownUser);
  return parsed.data;
};

/**
 * The admin review of verifications (PRODUCT-DECISIONS §8, §12): queues, one person's case, and
 * the decisions at the SPEC's addresses. Every route asks verifications.review (COMPLIANCE, OWNER);
 * approving bank details says where payouts go, a decision on money (decision 0050: the contract's
 * admin-money step-up).
 */
export async function verificationAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.queue, ({ query }) => reviewQueue(ctx, query.kind));
  route(app, C.case, ({ params }) => reviewCase(ctx, userIdOf(params)));
  route(app, C.approveProfile, ({ actor, body }) => decideVerification(ctx, actor, 'profile', body));
  route(app, C.approveBank, ({ actor, body }) => decideVerification(ctx, actor, 'bank', body));
}
