import { IDEAS_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { listAdminIdeas } from './list-admin-ideas';
import { setIdeaHidden } from './set-idea-hidden';
import { setIdeaStatus } from './set-idea-status';
import { ideaIdOf } from './store';

/** The admins' community ideas (permission community.moderate), registered by ideaRoutes after the person's routes. */
export async function ideaAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.adminList, ({ admin, query }) => listAdminIdeas(ctx.db, admin.id, query));
  route(app, C.setStatus, ({ actor, params, body }) => setIdeaStatus(ctx, actor, ideaIdOf(params), body));
  route(app, C.hide, ({ actor, params, body }) => setIdeaHidden(ctx, actor, ideaIdOf(params), body));
  route(app, C.show, ({ actor, params }) => setIdeaHidden(ctx, actor, ideaIdOf(params), null));
}
