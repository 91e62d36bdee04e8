import { COMMUNITY_MESSAGES as M } from '@landunits/domain';
import { COMMUNITY_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdminSecondFactor, route } from '../auth';
import { decideAgentApplication, applyToBecomeAgent, listAgentApplications } from './agent-applications';
import { agentStatusOf, answerKindOf } from './agents';
import { pathIdOf } from './ids';
import { listQuestions, listQuestionsForModerator, questionPage } from './read-questions';
import { answerAsTeam, answerQuestion, askQuestion, closeAsAdmin, closeOwnQuestion, reopenQuestion, setHidden } from './write-questions';

/** Community questions and answers, agents and moderation (decision 0026): each route is its contract over one use-case. */
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

  // Admins: questions (community.moderate)

  route(app, C.adminQuestions, ({ admin, query }) => listQuestionsForModerator(ctx.db, admin.id, query));
  route(app, C.adminQuestion, ({ admin, params }) => questionPage(ctx.db, pathIdOf(params.id, M.questionNotFound), { kind: 'moderator', userId: admin.id }, 'team'));
  route(app, C.adminAnswer, ({ actor, params, body }) => answerAsTeam(ctx, actor, pathIdOf(params.id, M.questionNotFound), body.answerText));
  route(app, C.adminClose, ({ actor, params, body }) => closeAsAdmin(ctx, actor, pathIdOf(params.id, M.questionNotFound), body.acceptedAnswerId));

  route(app, C.hideQuestion, ({ actor, params, body }) => setHidden(ctx, actor, 'question', pathIdOf(params.id, M.questionNotFound), true, body.reason));
  route(app, C.unhideQuestion, ({ actor, params, body }) => setHidden(ctx, actor, 'question', pathIdOf(params.id, M.questionNotFound), false, body.reason));
  route(app, C.hideAnswer, ({ actor, params, body }) => setHidden(ctx, actor, 'answer', pathIdOf(params.id, M.answerNotFound), true, body.reason));
  route(app, C.unhideAnswer, ({ actor, params, body }) => setHidden(ctx, actor, 'answer', pathIdOf(params.id, M.answerNotFound), false, body.reason));

  // Admins: agent applications (agents.review)

  route(app, C.agentApplications, ({ query }) => listAgentApplications(ctx.db, query));
  route(app, C.approveAgent, ({ actor, params, body }) => decideAgentApplication(ctx, actor, pathIdOf(params.id, M.applicationNotFound), 'approved', body.reason));
  route(app, C.rejectAgent, ({ actor, params, body }) => decideAgentApplication(ctx, actor, pathIdOf(params.id, M.applicationNotFound), 'rejected', body.reason));
  route(app, C.revokeAgent, ({ actor, params, body }) => decideAgentApplication(ctx, actor, pathIdOf(params.id, M.applicationNotFound), 'revoked', body.reason));
}
