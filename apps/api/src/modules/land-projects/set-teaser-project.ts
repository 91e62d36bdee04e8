import { PROJECT_MESSAGES as M } from '@landunits/domain';
import type { ProjectAnswer } from '@landunits/domain/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { AuditActor } from '../audit';
import { landProjects } from './schema';
import { audit, lockProject, write } from './store';

/**
 * Chooses the running project visitors see. One at a time: the choice is serialised by an advisory
 * lock, and a partial unique index refuses a second teaser whatever happens.
 */
export function setTeaserProject(ctx: DbContext, admin: AuditActor, id: number): Promise<ProjectAnswer> {
  return write(ctx, M.teaserSet, async (tx, now) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('land-projects-teaser'))`);
    const before = await lockProject(tx, id);
    if (before.state !== 'open') throw new AppError('TRANSITION_REFUSED', M.teaserFinished);
    if (before.isTeaser) return id;
    const previous = await tx
      .update(landProjects)
      .set({ isTeaser: false, updatedAt: now })
      .where(and(eq(landProjects.isTeaser, true), ne(landProjects.id, id)))
      .returning({ id: landProjects.id });
    await tx.update(landProjects).set({ isTeaser: true, updatedAt: now }).where(eq(landProjects.id, id));
    await audit(tx, admin, now, 'landProject.teaser', id, { teaserProjectId: previous[0]?.id ?? null }, { teaserProjectId: id });
    return id;
  });
}
