import { PROJECT_MESSAGES as M, type ProjectInput, type ProjectUpdateInput } from '@landunits/domain';
import type { ProjectAnswer } from '@landunits/domain/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { requireSiteImage, siteContentChanged } from '../site-content';
import { projectSnapshot, projectView, type ProjectRow } from './projects-store';
import { landProjects, landProjectUpdates } from './schema';

/**
 * The admins' writes to land projects (permission content.manage): each in one transaction with
 * its audit row (before and after); after the commit the server-rendered public pages are drawn
 * again (the teaser may have changed), as news does.
 */

async function write(ctx: DbContext, message: string, fn: (tx: Db, now: Date) => Promise<number>): Promise<ProjectAnswer> {
  const projectId = await inTransaction(ctx.db, (tx) => fn(tx, ctx.clock.now()));
  siteContentChanged();
  return { message, project: await projectView(ctx.db, projectId) };
}

async function lockProject(tx: Db, id: number): Promise<ProjectRow> {
  const [row] = await tx.select().from(landProjects).where(eq(landProjects.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

const contentOf = (input: ProjectInput) => ({
  name: input.name,
  location: input.location,
  areaHectares: input.areaHectares,
  description: input.description,
  imageAlt: input.imageAlt,
  co2Tonnes: input.impact.co2Tonnes,
  treesPlanted: input.impact.treesPlanted,
  hedgerowMetres: input.impact.hedgerowMetres,
});

const audit = (tx: Db, admin: AuditActor, at: Date, action: string, id: number, before: unknown, after: unknown) =>
  recordAudit(tx, { actor: admin, at, action, targetType: 'landProject', targetId: String(id), before, after });

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

export function reopenProject(ctx: DbContext, admin: AuditActor, id: number): Promise<ProjectAnswer> {
  return write(ctx, M.reopened, async (tx, now) => {
    const before = await lockProject(tx, id);
    if (before.state === 'open') throw new AppError('TRANSITION_REFUSED', M.notFinished);
    await tx.update(landProjects).set({ state: 'open', finishedOn: null, updatedAt: now }).where(eq(landProjects.id, id));
    await audit(tx, admin, now, 'landProject.reopen', id, { state: before.state, finishedOn: before.finishedOn }, { state: 'open', finishedOn: null });
    return id;
  });
}

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

export function addProjectUpdate(ctx: DbContext, admin: AuditActor, id: number, input: ProjectUpdateInput): Promise<ProjectAnswer> {
  return write(ctx, M.saved, async (tx, now) => {
    await lockProject(tx, id);
    const [row] = await tx.insert(landProjectUpdates).values({ projectId: id, happenedOn: input.date, text: input.text, createdAt: now }).returning({ id: landProjectUpdates.id });
    await tx.update(landProjects).set({ updatedAt: now }).where(eq(landProjects.id, id));
    await audit(tx, admin, now, 'landProject.addUpdate', id, null, { updateId: row?.id ?? null, date: input.date, text: input.text });
    return id;
  });
}

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
