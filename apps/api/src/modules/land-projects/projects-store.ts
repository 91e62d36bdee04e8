import { PROJECT_MESSAGES as M, type ProjectState } from '@landunits/domain';
import type { ProjectTeaser, ProjectUpdateView, ProjectView } from '@landunits/domain/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { imageUrl } from '../site-content';
import { landProjects, landProjectUpdates } from './schema';

export type ProjectRow = typeof landProjects.$inferSelect;
type UpdateRow = typeof landProjectUpdates.$inferSelect;

/** A whole-number id from the address; 404 for anything else. */
export function idOf(raw: unknown, message: string = M.notFound): number {
  const text = String(raw ?? '');
  if (!/^\d{1,15}$/.test(text)) throw new AppError('NOT_FOUND', message);
  return Number(text);
}

const imageOf = (row: ProjectRow): ProjectView['image'] => {
  if (row.imageId) return { url: imageUrl(row.imageId), alt: row.imageAlt, imageId: row.imageId };
  if (row.image) return { url: row.image, alt: row.imageAlt, imageId: null };
  return null;
};

const toUpdateView = (row: UpdateRow): ProjectUpdateView => ({ id: row.id, date: row.happenedOn, text: row.text });

export function toProjectView(row: ProjectRow, updates: readonly UpdateRow[]): ProjectView {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    areaHectares: row.areaHectares,
    description: row.description,
    image: imageOf(row),
    impact: { co2Tonnes: row.co2Tonnes, treesPlanted: row.treesPlanted, hedgerowMetres: row.hedgerowMetres },
    state: row.state,
    finishedOn: row.finishedOn,
    isTeaser: row.isTeaser,
    isDemo: row.isDemo,
    updates: updates.map(toUpdateView),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a project. */
export const projectSnapshot = (row: Omit<ProjectRow, 'id' | 'createdAt' | 'updatedAt'>) => ({
  name: row.name,
  location: row.location,
  areaHectares: row.areaHectares,
  description: row.description,
  image: row.image,
  imageId: row.imageId,
  imageAlt: row.imageAlt,
  co2Tonnes: row.co2Tonnes,
  treesPlanted: row.treesPlanted,
  hedgerowMetres: row.hedgerowMetres,
  state: row.state,
  isTeaser: row.isTeaser,
});

async function updatesOf(db: Db, ids: readonly number[]): Promise<Map<number, UpdateRow[]>> {
  const byProject = new Map<number, UpdateRow[]>();
  if (ids.length === 0) return byProject;
  const rows = await db
    .select()
    .from(landProjectUpdates)
    .where(inArray(landProjectUpdates.projectId, [...ids]))
    .orderBy(desc(landProjectUpdates.happenedOn), desc(landProjectUpdates.id));
  for (const row of rows) byProject.set(row.projectId, [...(byProject.get(row.projectId) ?? []), row]);
  return byProject;
}

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

export async function projectView(db: Db, id: number): Promise<ProjectView> {
  const [row] = await db.select().from(landProjects).where(eq(landProjects.id, id));
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  const updates = await updatesOf(db, [id]);
  return toProjectView(row, updates.get(id) ?? []);
}

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
