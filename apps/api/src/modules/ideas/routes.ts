import { IDEAS_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { ideaAdminRoutes } from './admin-routes';
import { listIdeas } from './list-ideas';
import { ideaIdOf } from './store';
import { submitIdea } from './submit-idea';
import { supportIdea } from './support-idea';
import { withdrawSupport } from './withdraw-support';

/**
 * Community ideas (IDEAS_CONTRACTS): each route is its contract over one use-case. The admins'
 * routes (admin-routes.ts) are registered after the person's.
 */
export async function ideaRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.list, ({ user, query }) => listIdeas(ctx.db, user.id, query));
  route(app, C.submit, ({ user, body }) => submitIdea(ctx, user.id, body));
  route(app, C.support, ({ user, params }) => supportIdea(ctx, user.id, ideaIdOf(params)));
  route(app, C.withdraw, ({ user, params }) => withdrawSupport(ctx, user.id, ideaIdOf(params)));

  await ideaAdminRoutes(app);
}
