import type { ProjectState } from '@landunits/domain';
import type { ProjectView } from '@landunits/domain/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { landProjects } from './schema';
import { toProjectView, updatesOf } from './store';

/** Projects (of one state, or all), running ones first, then oldest first, each with its updates newest first. */
export async function listProjects(db: Db, state?: ProjectState): Promise<{ projects: ProjectView[] }> {
  const rows = await db
    .select()
    .from(landProjects)
    .where(state ? eq(landProjects.state, state) : undefined)
    .orderBy(desc(landProjects.state), asc(landProjects.createdAt), asc(landProjects.id));
  const updates = await updatesOf(
    db,
    rows.map((r) => r.id),
  );
  return { projects: rows.map((row) => toProjectView(row, updates.get(row.id) ?? [])) };
}
