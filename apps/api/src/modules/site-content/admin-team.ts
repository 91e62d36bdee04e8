import { CONTENT_MESSAGES as M, TEAM_LIMITS, type AdminTeamMember, type TeamMemberInput } from '@landunits/domain/contracts';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { siteContentChanged } from './content-changes';
import { teamMembers } from './schema';
import { imageUrl, requireSiteImage } from './site-images';

/**
 * The admin's team (decision 0020): the people of /team with their photos, added at the end,
 * changed, removed and put in a new order. One audit row per change; a save without a change and
 * an order that is the current one write nothing.
 */

type MemberRow = typeof teamMembers.$inferSelect;

const toAdminMember = (row: MemberRow): AdminTeamMember => ({
  id: row.id,
  name: row.name,
  role: row.role,
  bio: row.bio,
  photo: row.photoId ? imageUrl(row.photoId) : null,
  photoId: row.photoId,
  position: row.position,
  isDemo: row.isDemo,
  updatedAt: row.updatedAt.toISOString(),
});

const snapshot = (row: Pick<MemberRow, 'name' | 'role' | 'bio' | 'photoId' | 'isDemo'>) => ({ name: row.name, role: row.role, bio: row.bio, photoId: row.photoId, isDemo: row.isDemo });

const inOrder = [asc(teamMembers.position), asc(teamMembers.id)];

/** GET /api/admin/site/team: everyone, in the order of /team. */
export async function listAdminTeam(db: Db): Promise<{ members: AdminTeamMember[] }> {
  const rows = await db
    .select()
    .from(teamMembers)
    .orderBy(...inOrder)
    .limit(TEAM_LIMITS.members + 1);
  return { members: rows.map(toAdminMember) };
}

async function write<T>(ctx: DbContext, fn: (tx: Db, now: Date) => Promise<T>): Promise<T> {
  const result = await inTransaction(ctx.db, (tx) => fn(tx, ctx.clock.now()));
  siteContentChanged();
  return result;
}

/** One writer adding or ordering the team at a time, so the limit, the next position and the order hold. */
const lockTeam = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('site-content:team'))`);

async function lockMember(tx: Db, id: number): Promise<MemberRow> {
  const [row] = await tx.select().from(teamMembers).where(eq(teamMembers.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', M.memberNotFound);
  return row;
}

/** Adds someone at the end of the team (at most TEAM_LIMITS.members people). */
export async function createMember(ctx: DbContext, admin: AuditActor, input: TeamMemberInput): Promise<AdminTeamMember> {
  return write(ctx, async (tx, now) => {
    await lockTeam(tx);
    const [counted] = await tx.select({ n: count() }).from(teamMembers);
    if ((counted?.n ?? 0) >= TEAM_LIMITS.members) throw new AppError('CONFLICT', M.teamFull);
    if (input.photoId) await requireSiteImage(tx, input.photoId, 'photoId');
    const [row] = await tx
      .insert(teamMembers)
      .values({ ...input, position: sql`(select coalesce(max(${teamMembers.position}), 0) + 1 from ${teamMembers})`, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('the team member was not inserted');
    await recordAudit(tx, { actor: admin, at: now, action: 'teamMember.create', targetType: 'teamMember', targetId: String(row.id), before: null, after: snapshot(row) });
    return toAdminMember(row);
  });
}

/** Changes someone's details or photo; a demo profile an admin changes is no longer marked as demo. */
export async function updateMember(ctx: DbContext, admin: AuditActor, id: number, input: TeamMemberInput): Promise<AdminTeamMember> {
  return write(ctx, async (tx, now) => {
    const before = await lockMember(tx, id);
    const unchanged = JSON.stringify(snapshot({ ...input, isDemo: false })) === JSON.stringify(snapshot({ ...before, isDemo: false }));
    if (unchanged) return toAdminMember(before);
    if (input.photoId && input.photoId !== before.photoId) await requireSiteImage(tx, input.photoId, 'photoId');
    const [row] = await tx
      .update(teamMembers)
      .set({ ...input, isDemo: false, updatedAt: now })
      .where(eq(teamMembers.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', M.memberNotFound);
    await recordAudit(tx, { actor: admin, at: now, action: 'teamMember.update', targetType: 'teamMember', targetId: String(id), before: snapshot(before), after: snapshot(row) });
    return toAdminMember(row);
  });
}

export async function deleteMember(ctx: DbContext, admin: AuditActor, id: number): Promise<{ message: string }> {
  return write(ctx, async (tx, now) => {
    const before = await lockMember(tx, id);
    await tx.delete(teamMembers).where(eq(teamMembers.id, id));
    await recordAudit(tx, {
      actor: admin,
      at: now,
      action: 'teamMember.delete',
      targetType: 'teamMember',
      targetId: String(id),
      before: { ...snapshot(before), position: before.position },
      after: null,
    });
    return { message: M.deleted };
  });
}

/**
 * Puts the team in the order given: every member's id exactly once. The rows are locked first; a
 * list that does not name exactly the people there are now (someone was added or removed
 * meanwhile) is refused with 409 rather than guessed at.
 */
export async function orderTeam(ctx: DbContext, admin: AuditActor, ids: readonly number[]): Promise<{ members: AdminTeamMember[] }> {
  return write(ctx, async (tx, now) => {
    await lockTeam(tx);
    const current = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .orderBy(...inOrder)
      .for('update');
    const before = current.map((row) => row.id);
    const known = new Set(before);
    if (ids.length !== before.length || !ids.every((id) => known.has(id))) throw new AppError('CONFLICT', M.orderChanged);
    if (ids.every((id, i) => id === before[i])) return listAdminTeam(tx);
    await tx.execute(sql`update ${teamMembers} set position = o.ord from unnest(${`{${ids.join(',')}}`}::bigint[]) with ordinality as o(id, ord) where ${teamMembers.id} = o.id`);
    await recordAudit(tx, { actor: admin, at: now, action: 'team.reorder', targetType: 'team', targetId: 'team', before: { ids: before }, after: { ids: [...ids] } });
    return listAdminTeam(tx);
  });
}
