import { PROJECT_MESSAGES as M, type ProjectUpdateInput } from '@landunits/domain';
import type { ProjectAnswer } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import type { AuditActor } from '../audit';
import { landProjects, landProjectUpdates } from './schema';
import { audit, lockProject, write } from './store';

export function addProjectUpdate(ctx: DbContext, admin: AuditActor, id: number, input: ProjectUpdateInput): Promise<ProjectAnswer> {
  return write(ctx, M.saved, async (tx, now) => {
    await lockProject(tx, id);
    const [row] = await tx.insert(landProjectUpdates).values({ projectId: id, happenedOn: input.date, text: input.text, createdAt: now }).returning({ id: landProjectUpdates.id });
    await tx.update(landProjects).set({ updatedAt: now }).where(eq(landProjects.id, id));
    await audit(tx, admin, now, 'landProject.addUpdate', id, null, { updateId: row?.id ?? null, date: input.date, text: input.text });
    return id;
  });
}
