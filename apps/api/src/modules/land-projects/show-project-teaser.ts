import type { ProjectTeaser } from '@landunits/domain/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { landProjects, landProjectUpdates } from './schema';
import { toProjectView, toUpdateView } from './store';

/** The one running project chosen for visitors, with its latest update. */
export async function projectTeaser(db: Db): Promise<ProjectTeaser> {
  const [row] = await db
    .select()
    .from(landProjects)
    .where(and(eq(landProjects.isTeaser, true), eq(landProjects.state, 'open')))
    .limit(1);
  if (!row) return { project: null };
  const [latest] = await db.select().from(landProjectUpdates).where(eq(landProjectUpdates.projectId, row.id)).orderBy(desc(landProjectUpdates.happenedOn), desc(landProjectUpdates.id)).limit(1);
  const { updates: _updates, isTeaser: _teaser, finishedOn: _finished, ...view } = toProjectView(row, []);
  return { project: { ...view, latestUpdate: latest ? toUpdateView(latest) : null } };
}
