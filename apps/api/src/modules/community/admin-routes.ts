import { COMMUNITY_MESSAGES as M } from '@landunits/domain';
import { COMMUNITY_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { answerAsTeam } from './answer-question';
import { closeAsAdmin } from './close-question';
import { decideAgentApplication } from './decide-application';
import { setHidden } from './hide-content';
import { listQuestionsForModerator } from './list-admin-questions';
import { listAgentApplications } from './list-agent-applications';
import { questionPage } from './show-question';
import { pathIdOf } from './store';

/** The admins' community routes (decision 0026), registered by communityRoutes after the person's routes. */
export async function communityAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

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
