import { PROJECT_MESSAGES as M } from '@landunits/domain';
import type { ProjectAnswer } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { AuditActor } from '../audit';
import { landProjects } from './schema';
import { audit, lockProject, write } from './store';

export function reopenProject(ctx: DbContext, admin: AuditActor, id: number): Promise<ProjectAnswer> {
  return write(ctx, M.reopened, async (tx, now) => {
    const before = await lockProject(tx, id);
    if (before.state === 'open') throw new AppError('TRANSITION_REFUSED', M.notFinished);
    await tx.update(landProjects).set({ state: 'open', finishedOn: null, updatedAt: now }).where(eq(landProjects.id, id));
    await audit(tx, admin, now, 'landProject.reopen', id, { state: before.state, finishedOn: before.finishedOn }, { state: 'open', finishedOn: null });
    return id;
  });
}
