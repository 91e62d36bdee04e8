import { PROJECT_MESSAGES as M, type ProjectUpdateInput } from '@landunits/domain';
import type { ProjectAnswer } from '@landunits/domain/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { AuditActor } from '../audit';
import { landProjectUpdates } from './schema';
import { audit, lockProject, write } from './store';

export function editProjectUpdate(ctx: DbContext, admin: AuditActor, id: number, updateId: number, input: ProjectUpdateInput): Promise<ProjectAnswer> {
  return write(ctx, M.saved, async (tx, now) => {
    await lockProject(tx, id);
    const [before] = await tx
      .select()
      .from(landProjectUpdates)
      .where(and(eq(landProjectUpdates.id, updateId), eq(landProjectUpdates.projectId, id)));
    if (!before) throw new AppError('NOT_FOUND', M.updateNotFound);
    if (before.happenedOn === input.date && before.text === input.text) return id;
    await tx.update(landProjectUpdates).set({ happenedOn: input.date, text: input.text }).where(eq(landProjectUpdates.id, updateId));
    await audit(tx, admin, now, 'landProject.editUpdate', id, { updateId, date: before.happenedOn, text: before.text }, { updateId, date: input.date, text: input.text });
    return id;
  });
}
