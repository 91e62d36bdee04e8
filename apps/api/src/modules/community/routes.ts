import { COMMUNITY_MESSAGES as M } from '@landunits/domain';
import { COMMUNITY_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdminSecondFactor, route } from '../auth';
import { communityAdminRoutes } from './admin-routes';
import { answerAsTeam, answerQuestion } from './answer-question';
import { applyToBecomeAgent } from './apply-as-agent';
import { askQuestion } from './ask-question';
import { closeOwnQuestion } from './close-question';
import { listQuestions } from './list-questions';
import { reopenQuestion } from './reopen-question';
import { agentStatusOf } from './show-agent-status';
import { questionPage } from './show-question';
import { answerKindOf, pathIdOf } from './store';

/**
 * Community questions and answers, agents and moderation (decision 0026): each route is its
 * contract over one use-case. The admins' routes (admin-routes.ts) are registered after the person's.
 */
export async function communityRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.list, ({ user, query }) => listQuestions(ctx.db, user.id, query));

  route(app, C.question, async ({ user, params }) => {
    const id = pathIdOf(params.id, M.questionNotFound);
    return questionPage(ctx.db, id, { kind: 'person', userId: user.id }, await answerKindOf(ctx.db, user));
  });

  route(app, C.create, ({ user, body }) => askQuestion(ctx, user.id, body));

  route(app, C.answer, async ({ session, user, body, request }) => {
    // An admin answering from the question page answers for the team: audited, like the admin route.
    if (user.adminRole && (await answerKindOf(ctx.db, user)) === 'team') {
      requireAdminSecondFactor(session);
      return answerAsTeam(ctx, { userId: user.id, role: user.adminRole, requestId: request.id }, body.questionId, body.answerText);
    }
    return answerQuestion(ctx, user, (tx) => answerKindOf(tx, user), body);
  });

  route(app, C.close, ({ user, body }) => closeOwnQuestion(ctx, user.id, body));
  route(app, C.reopen, ({ user, body }) => reopenQuestion(ctx, user.id, body.questionId));
  route(app, C.apply, ({ user, body }) => applyToBecomeAgent(ctx, user.id, body));
  route(app, C.agentStatus, ({ user }) => agentStatusOf(ctx.db, user.id));

  await communityAdminRoutes(app);
}
