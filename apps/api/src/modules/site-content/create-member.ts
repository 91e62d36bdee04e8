import { CONTENT_MESSAGES as M, TEAM_LIMITS, type AdminTeamMember, type TeamMemberInput } from '@landunits/domain/contracts';
import { count, sql } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { teamMembers } from './schema';
import { requireSiteImage } from './site-images';
import { lockTeam, memberSnapshot, toAdminMember, write } from './store';

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
    await recordAudit(tx, { actor: admin, at: now, action: 'teamMember.create', targetType: 'teamMember', targetId: String(row.id), before: null, after: memberSnapshot(row) });
    return toAdminMember(row);
  });
}
