import { PROJECT_MESSAGES as M } from '@landunits/domain';
import { PROJECTS_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { addProjectUpdate, createProject, editProjectUpdate, finishProject, reopenProject, setTeaserProject, updateProject } from './admin-projects';
import { idOf, listProjects, projectTeaser } from './projects-store';

/**
 * Land projects (PROJECTS_CONTRACTS): people read them, visitors see one teaser, admins write them.
 * Each route is its contract over one use-case; a malformed id names nothing (404).
 */
export async function landProjectRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.list, ({ query }) => listProjects(ctx.db, query.state));

  // Public: the server renders the home page with it; cached like the site's other public data (the contract's `cache`).
  route(app, C.teaser, () => projectTeaser(ctx.db));

  route(app, C.adminList, () => listProjects(ctx.db));
  route(app, C.create, ({ actor, body }) => createProject(ctx, actor, body));
  route(app, C.update, ({ actor, params, body }) => updateProject(ctx, actor, idOf(params.id), body));
  route(app, C.finish, ({ actor, params }) => finishProject(ctx, actor, idOf(params.id)));
  route(app, C.reopen, ({ actor, params }) => reopenProject(ctx, actor, idOf(params.id)));
  route(app, C.setTeaser, ({ actor, params }) => setTeaserProject(ctx, actor, idOf(params.id)));
  route(app, C.addUpdate, ({ actor, params, body }) => addProjectUpdate(ctx, actor, idOf(params.id), body));

  route(app, C.editUpdate, ({ actor, params, body }) => {
    const id = idOf(params.id);
    return editProjectUpdate(ctx, actor, id, idOf(params.updateId, M.updateNotFound), body);
  });
}
