import { PROJECT_MESSAGES as M, type ProjectInput } from '@landunits/domain';
import type { ProjectAnswer } from '@landunits/domain/contracts';
import type { DbContext } from '../../platform/context';
import type { AuditActor } from '../audit';
import { requireSiteImage } from '../site-content';
import { landProjects } from './schema';
import { audit, contentOf, projectSnapshot, write } from './store';

export function createProject(ctx: DbContext, admin: AuditActor, input: ProjectInput): Promise<ProjectAnswer> {
  return write(ctx, M.saved, async (tx, now) => {
    if (input.imageId) await requireSiteImage(tx, input.imageId, 'imageId');
    const values = {
      ...contentOf(input),
      image: null,
      imageId: input.imageId,
      imageAlt: input.imageId ? input.imageAlt : '',
      state: 'open' as const,
      finishedOn: null,
      isTeaser: false,
      isDemo: false,
    };
    const [row] = await tx
      .insert(landProjects)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('the land project was not inserted');
    await audit(tx, admin, now, 'landProject.create', row.id, null, projectSnapshot(row));
    return row.id;
  });
}
