import { PROJECT_MESSAGES as M, type ProjectInput } from '@landunits/domain';
import type { ProjectAnswer } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import type { AuditActor } from '../audit';
import { requireSiteImage } from '../site-content';
import { landProjects } from './schema';
import { audit, contentOf, lockProject, projectSnapshot, write } from './store';

/** Saves a project's details; `imageId` null keeps its image. Changed by an admin, it is no longer demo content. */
export function updateProject(ctx: DbContext, admin: AuditActor, id: number, input: ProjectInput): Promise<ProjectAnswer> {
  return write(ctx, M.saved, async (tx, now) => {
    const before = await lockProject(tx, id);
    if (input.imageId && input.imageId !== before.imageId) await requireSiteImage(tx, input.imageId, 'imageId');
    const hasImage = Boolean(input.imageId ?? before.imageId ?? before.image);
    const after = {
      ...before,
      ...contentOf(input),
      image: input.imageId ? null : before.image,
      imageId: input.imageId ?? before.imageId,
      imageAlt: hasImage ? input.imageAlt || before.imageAlt : '',
    };
    if (JSON.stringify(projectSnapshot(after)) === JSON.stringify(projectSnapshot(before))) return id;
    await tx
      .update(landProjects)
      .set({ ...contentOf(input), image: after.image, imageId: after.imageId, imageAlt: after.imageAlt, isDemo: false, updatedAt: now })
      .where(eq(landProjects.id, id));
    await audit(tx, admin, now, 'landProject.update', id, projectSnapshot(before), projectSnapshot(after));
    return id;
  });
}
