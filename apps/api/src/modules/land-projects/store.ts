import { PROJECT_MESSAGES as M, type ProjectInput } from '@landunits/domain';
import type { ProjectAnswer, ProjectUpdateView, ProjectView } from '@landunits/domain/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { imageUrl, siteContentChanged } from '../site-content';
import { landProjects, landProjectUpdates } from './schema';

export type ProjectRow = typeof landProjects.$inferSelect;

export type UpdateRow = typeof landProjectUpdates.$inferSelect;

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

export const toUpdateView = (row: UpdateRow): ProjectUpdateView => ({ id: row.id, date: row.happenedOn, text: row.text });

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

export async function updatesOf(db: Db, ids: readonly number[]): Promise<Map<number, UpdateRow[]>> {
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

export async function projectView(db: Db, id: number): Promise<ProjectView> {
  const [row] = await db.select().from(landProjects).where(eq(landProjects.id, id));
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  const updates = await updatesOf(db, [id]);
  return toProjectView(row, updates.get(id) ?? []);
}

/**
 * The admins' writes to land projects (permission content.manage): each in one transaction with
 * its audit row (before and after); after the commit the server-rendered public pages are drawn
 * again (the teaser may have changed), as news does.
 */

export async function write(ctx: DbContext, message: string, fn: (tx: Db, now: Date) => Promise<number>): Promise<ProjectAnswer> {
  const projectId = await inTransaction(ctx.db, (tx) => fn(tx, ctx.clock.now()));
  siteContentChanged();
  return { message, project: await projectView(ctx.db, projectId) };
}

export async function lockProject(tx: Db, id: number): Promise<ProjectRow> {
  const [row] = await tx.select().from(landProjects).where(eq(landProjects.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

export const contentOf = (input: ProjectInput) => ({
  name: input.name,
  location: input.location,
  areaHectares: input.areaHectares,
  description: input.description,
  imageAlt: input.imageAlt,
  co2Tonnes: input.impact.co2Tonnes,
  treesPlanted: input.impact.treesPlanted,
  hedgerowMetres: input.impact.hedgerowMetres,
});

export const audit = (tx: Db, admin: AuditActor, at: Date, action: string, id: number, before: unknown, after: unknown) =>
  recordAudit(tx, { actor: admin, at, action, targetType: 'landProject', targetId: String(id), before, after });
