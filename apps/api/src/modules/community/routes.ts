import {
  AdminCloseQuestionSchema,
  AgentDecisionSchema,
  AnswerQuestionSchema,
  BecomeAgentSchema,
  CloseQuestionSchema,
  COMMUNITY_MESSAGES as M,
  CreateQuestionSchema,
  ModerationReasonSchema,
  ReopenQuestionSchema,
  TeamAnswerSchema,
} from '@landunits/domain';
import { AdminQuestionsQuerySchema, AgentApplicationsQuerySchema, COMMUNITY_CONTRACTS as C, QuestionListQuerySchema } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { requireAdminSecondFactor, requirePermission, requireSession, requireUser, type AdminUser } from '../auth';
import { decideAgentApplication, applyToBecomeAgent, listAgentApplications } from './agent-applications';
import { agentStatusOf, answerKindOf } from './agents';
import { pathIdOf } from './ids';
import { listQuestions, listQuestionsForModerator, questionPage } from './read-questions';
import { answerAsTeam, answerQuestion, askQuestion, closeAsAdmin, closeOwnQuestion, reopenQuestion, setHidden } from './write-questions';

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
const actor = (admin: AdminUser, request: FastifyRequest) => ({ userId: admin.id, role: admin.adminRole, requestId: request.id });
const paramId = (request: FastifyRequest, notFound: string) => pathIdOf((request.params as { id?: unknown }).id, notFound);

/** Community questions and answers, agents and moderation (decision 0026): thin routes over one use-case each. */
export async function communityRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get(C.list.path, async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    noStore(reply);
    return listQuestions(ctx.db, user.id, parseInput(QuestionListQuerySchema, request.query));
  });

  app.get(C.question.path, async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const id = paramId(request, M.questionNotFound);
    noStore(reply);
    return questionPage(ctx.db, id, { kind: 'person', userId: user.id }, await answerKindOf(ctx.db, user));
  });

  app.post(C.create.path, async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    return askQuestion(ctx, user.id, parseInput(CreateQuestionSchema, request.body ?? {}));
  });

  app.post(C.answer.path, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    const { user } = session;
    const input = parseInput(AnswerQuestionSchema, request.body ?? {});
    // An admin answering from the question page answers for the team: audited, like the admin route.
    if (user.adminRole && (await answerKindOf(ctx.db, user)) === 'team') {
      requireAdminSecondFactor(session);
      return answerAsTeam(ctx, { userId: user.id, role: user.adminRole, requestId: request.id }, input.questionId, input.answerText);
    }
    return answerQuestion(ctx, user, (tx) => answerKindOf(tx, user), input);
  });

  app.post(C.close.path, async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    return closeOwnQuestion(ctx, user.id, parseInput(CloseQuestionSchema, request.body ?? {}));
  });

  app.post(C.reopen.path, async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    return reopenQuestion(ctx, user.id, parseInput(ReopenQuestionSchema, request.body ?? {}).questionId);
  });

  app.post(C.apply.path, async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    return applyToBecomeAgent(ctx, user.id, parseInput(BecomeAgentSchema, request.body ?? {}));
  });

  app.get(C.agentStatus.path, async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    noStore(reply);
    return agentStatusOf(ctx.db, user.id);
  });

  // Admins: questions (community.moderate)

  app.get(C.adminQuestions.path, async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'community.moderate');
    noStore(reply);
    return listQuestionsForModerator(ctx.db, admin.id, parseInput(AdminQuestionsQuerySchema, request.query));
  });

  app.get(C.adminQuestion.path, async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'community.moderate');
    const id = paramId(request, M.questionNotFound);
    noStore(reply);
    return questionPage(ctx.db, id, { kind: 'moderator', userId: admin.id }, 'team');
  });

  app.post(C.adminAnswer.path, async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'community.moderate');
    const id = paramId(request, M.questionNotFound);
    return answerAsTeam(ctx, actor(admin, request), id, parseInput(TeamAnswerSchema, request.body ?? {}).answerText);
  });

  app.post(C.adminClose.path, async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'community.moderate');
    const id = paramId(request, M.questionNotFound);
    return closeAsAdmin(ctx, actor(admin, request), id, parseInput(AdminCloseQuestionSchema, request.body ?? {}).acceptedAnswerId);
  });

  for (const [contract, target, hide] of [
    [C.hideQuestion, 'question', true],
    [C.unhideQuestion, 'question', false],
    [C.hideAnswer, 'answer', true],
    [C.unhideAnswer, 'answer', false],
  ] as const) {
    app.post(contract.path, async (request, reply) => {
      const admin = await requirePermission(ctx, request, reply, 'community.moderate');
      const id = paramId(request, target === 'question' ? M.questionNotFound : M.answerNotFound);
      const { reason } = parseInput(ModerationReasonSchema, request.body ?? {});
      return setHidden(ctx, actor(admin, request), target, id, hide, reason);
    });
  }

  // Admins: agent applications (agents.review)

  app.get(C.agentApplications.path, async (request, reply) => {
    await requirePermission(ctx, request, reply, 'agents.review');
    noStore(reply);
    return listAgentApplications(ctx.db, parseInput(AgentApplicationsQuerySchema, request.query));
  });

  for (const [contract, decision] of [
    [C.approveAgent, 'approved'],
    [C.rejectAgent, 'rejected'],
    [C.revokeAgent, 'revoked'],
  ] as const) {
    app.post(contract.path, async (request, reply) => {
      const admin = await requirePermission(ctx, request, reply, 'agents.review');
      const id = paramId(request, M.applicationNotFound);
      const { reason } = parseInput(AgentDecisionSchema, request.body ?? {});
      return decideAgentApplication(ctx, actor(admin, request), id, decision, reason);
    });
  }
}
