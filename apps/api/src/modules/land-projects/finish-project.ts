import { PROJECT_MESSAGES as M } from '@landunits/domain';
import type { ProjectAnswer } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { AuditActor } from '../audit';
import { landProjects } from './schema';
import { audit, lockProject, write } from './store';

const today = (now: Date) => now.toISOString().slice(0, 10);

/** Marks a running project finished (today): it moves to Closed projects and stops being the teaser. */
export function finishProject(ctx: DbContext, admin: AuditActor, id: number): Promise<ProjectAnswer> {
  return write(ctx, M.finished, async (tx, now) => {
    const before = await lockProject(tx, id);
    if (before.state === 'finished') throw new AppError('TRANSITION_REFUSED', M.alreadyFinished);
    await tx
      .update(landProjects)
      .set({ state: 'finished', finishedOn: today(now), isTeaser: false, updatedAt: now })
      .where(eq(landProjects.id, id));
    await audit(tx, admin, now, 'landProject.finish', id, { state: before.state, isTeaser: before.isTeaser }, { state: 'finished', finishedOn: today(now), isTeaser: false });
    return id;
  });
}
