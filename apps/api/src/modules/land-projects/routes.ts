import { ProjectInputSchema, ProjectsQuerySchema, ProjectUpdateInputSchema, PROJECT_MESSAGES as M } from '@landunits/domain';
import { PROJECTS_API } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { requirePermission, requireUser } from '../auth';
import type { AuditActor } from '../audit';
import { PUBLIC_CACHE } from '../site-content';
import { addProjectUpdate, createProject, editProjectUpdate, finishProject, reopenProject, setTeaserProject, updateProject } from './admin-projects';
import { idOf, listProjects, projectTeaser } from './projects-store';

type Params = { id?: unknown; updateId?: unknown };

/** Land projects (PROJECTS_CONTRACTS): people read them, visitors see one teaser, admins write them. */
export async function landProjectRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  const admin = async (request: FastifyRequest, reply: FastifyReply): Promise<AuditActor> => {
    const user = await requirePermission(ctx, request, reply, 'content.manage');
    reply.header('cache-control', 'no-store');
    return { userId: user.id, role: user.adminRole, requestId: request.id };
  };
  const projectId = (request: FastifyRequest) => idOf((request.params as Params).id);

  app.get(PROJECTS_API.projects, async (request, reply) => {
    await requireUser(ctx, request, reply);
    reply.header('cache-control', 'no-store');
    return listProjects(ctx.db, parseInput(ProjectsQuerySchema, request.query).state);
  });

  // Public: the server renders the home page with it; cached like the site's other public data.
  app.get(PROJECTS_API.teaser, async (_request, reply) => {
    reply.header('cache-control', PUBLIC_CACHE);
    return projectTeaser(ctx.db);
  });

  app.get(PROJECTS_API.admin, async (request, reply) => {
    await admin(request, reply);
    return listProjects(ctx.db);
  });

  app.post(PROJECTS_API.admin, async (request, reply) => {
    const actor = await admin(request, reply);
    const answer = await createProject(ctx, actor, parseInput(ProjectInputSchema, request.body ?? {}));
    return reply.status(201).send(answer);
  });

  app.put(PROJECTS_API.adminOne, async (request, reply) => {
    const actor = await admin(request, reply);
    const id = projectId(request);
    return updateProject(ctx, actor, id, parseInput(ProjectInputSchema, request.body ?? {}));
  });

  app.post(PROJECTS_API.adminFinish, async (request, reply) => finishProject(ctx, await admin(request, reply), projectId(request)));
  app.post(PROJECTS_API.adminReopen, async (request, reply) => reopenProject(ctx, await admin(request, reply), projectId(request)));
  app.post(PROJECTS_API.adminTeaser, async (request, reply) => setTeaserProject(ctx, await admin(request, reply), projectId(request)));

  app.post(PROJECTS_API.adminUpdates, async (request, reply) => {
    const actor = await admin(request, reply);
    const id = projectId(request);
    const answer = await addProjectUpdate(ctx, actor, id, parseInput(ProjectUpdateInputSchema, request.body ?? {}));
    return reply.status(201).send(answer);
  });

  app.put(PROJECTS_API.adminUpdate, async (request, reply) => {
    const actor = await admin(request, reply);
    const id = projectId(request);
    const updateId = idOf((request.params as Params).updateId, M.updateNotFound);
    return editProjectUpdate(ctx, actor, id, updateId, parseInput(ProjectUpdateInputSchema, request.body ?? {}));
  });
}
