import { PROJECTS_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { landProjectAdminRoutes } from './admin-routes';
import { listProjects } from './list-projects';
import { projectTeaser } from './show-project-teaser';

/**
 * Land projects (PROJECTS_CONTRACTS): people read them, visitors see one teaser, admins write them.
 * Each route is its contract over one use-case; a malformed id names nothing (404). The admins'
 * routes (admin-routes.ts) are registered after these.
 */
export async function landProjectRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.list, ({ query }) => listProjects(ctx.db, query.state));

  // Public: the server renders the home page with it; cached like the site's other public data (the contract's `cache`).
  route(app, C.teaser, () => projectTeaser(ctx.db));

  await landProjectAdminRoutes(app);
}
