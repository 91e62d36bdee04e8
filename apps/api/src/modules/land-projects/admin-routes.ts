import { PROJECT_MESSAGES as M } from '@landunits/domain';
import { PROJECTS_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { addProjectUpdate } from './add-project-update';
import { createProject } from './create-project';
import { editProjectUpdate } from './edit-project-update';
import { finishProject } from './finish-project';
import { listProjects } from './list-projects';
import { reopenProject } from './reopen-project';
import { setTeaserProject } from './set-teaser-project';
import { idOf } from './store';
import { updateProject } from './update-project';

/** The admins' land projects (permission content.manage), registered by landProjectRoutes after the public routes. */
export async function landProjectAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

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
