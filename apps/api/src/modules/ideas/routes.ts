import { IDEAS_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { submitIdea, supportIdea, withdrawSupport } from './community-ideas';
import { ideaIdOf, listAdminIdeas, listIdeas } from './ideas-store';
import { setIdeaHidden, setIdeaStatus } from './moderate-ideas';

/** Community ideas (IDEAS_CONTRACTS): each route is its contract over one use-case. */
export async function ideaRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.list, ({ user, query }) => listIdeas(ctx.db, user.id, query));
  route(app, C.submit, ({ user, body }) => submitIdea(ctx, user.id, body));
  route(app, C.support, ({ user, params }) => supportIdea(ctx, user.id, ideaIdOf(params)));
  route(app, C.withdraw, ({ user, params }) => withdrawSupport(ctx, user.id, ideaIdOf(params)));
  route(app, C.adminList, ({ admin, query }) => listAdminIdeas(ctx.db, admin.id, query));
  route(app, C.setStatus, ({ actor, params, body }) => setIdeaStatus(ctx, actor, ideaIdOf(params), body));
  route(app, C.hide, ({ actor, params, body }) => setIdeaHidden(ctx, actor, ideaIdOf(params), body));
  route(app, C.show, ({ actor, params }) => setIdeaHidden(ctx, actor, ideaIdOf(params), null));
}
