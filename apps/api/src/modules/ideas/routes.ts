import { AdminIdeasQuerySchema, IdeaHideInputSchema, IdeaInputSchema, IdeasQuerySchema, IdeaStatusInputSchema } from '@landunits/domain';
import { IDEAS_API } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { requirePermission, requireUser } from '../auth';
import type { AuditActor } from '../audit';
import { submitIdea, supportIdea, withdrawSupport } from './community-ideas';
import { ideaIdOf, listAdminIdeas, listIdeas } from './ideas-store';
import { setIdeaHidden, setIdeaStatus } from './moderate-ideas';

/** Community ideas (IDEAS_CONTRACTS): thin routes over one use-case each; answers are never cached. */
export async function ideaRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  const person = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await requireUser(ctx, request, reply);
    reply.header('cache-control', 'no-store');
    return user.id;
  };
  const moderator = async (request: FastifyRequest, reply: FastifyReply): Promise<AuditActor> => {
    const user = await requirePermission(ctx, request, reply, 'community.moderate');
    reply.header('cache-control', 'no-store');
    return { userId: user.id, role: user.adminRole, requestId: request.id };
  };

  app.get(IDEAS_API.ideas, async (request, reply) => {
    const userId = await person(request, reply);
    return listIdeas(ctx.db, userId, parseInput(IdeasQuerySchema, request.query));
  });

  app.post(IDEAS_API.ideas, async (request, reply) => {
    const userId = await person(request, reply);
    const answer = await submitIdea(ctx, userId, parseInput(IdeaInputSchema, request.body ?? {}));
    return reply.status(201).send(answer);
  });

  app.post(IDEAS_API.support, async (request, reply) => {
    const userId = await person(request, reply);
    return supportIdea(ctx, userId, ideaIdOf(request.params));
  });

  app.delete(IDEAS_API.support, async (request, reply) => {
    const userId = await person(request, reply);
    return withdrawSupport(ctx, userId, ideaIdOf(request.params));
  });

  app.get(IDEAS_API.admin, async (request, reply) => {
    const admin = await moderator(request, reply);
    return listAdminIdeas(ctx.db, admin.userId, parseInput(AdminIdeasQuerySchema, request.query));
  });

  app.post(IDEAS_API.adminStatus, async (request, reply) => {
    const admin = await moderator(request, reply);
    const id = ideaIdOf(request.params);
    return setIdeaStatus(ctx, admin, id, parseInput(IdeaStatusInputSchema, request.body ?? {}));
  });

  app.post(IDEAS_API.adminHide, async (request, reply) => {
    const admin = await moderator(request, reply);
    const id = ideaIdOf(request.params);
    return setIdeaHidden(ctx, admin, id, parseInput(IdeaHideInputSchema, request.body ?? {}));
  });

  app.post(IDEAS_API.adminShow, async (request, reply) => {
    const admin = await moderator(request, reply);
    return setIdeaHidden(ctx, admin, ideaIdOf(request.params), null);
  });
}
