import { CONTENT_MESSAGES as M, type AdminTeamMember, type TeamMemberInput } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { teamMembers } from './schema';
import { requireSiteImage } from './site-images';
import { lockMember, memberSnapshot, toAdminMember, write } from './store';

/** Changes someone's details or photo; a demo profile an admin changes is no longer marked as demo. */
export async function updateMember(ctx: DbContext, admin: AuditActor, id: number, input: TeamMemberInput): Promise<AdminTeamMember> {
  return write(ctx, async (tx, now) => {
    const before = await lockMember(tx, id);
    const unchanged = JSON.stringify(memberSnapshot({ ...input, isDemo: false })) === JSON.stringify(memberSnapshot({ ...before, isDemo: false }));
    if (unchanged) return toAdminMember(before);
    if (input.photoId && input.photoId !== before.photoId) await requireSiteImage(tx, input.photoId, 'photoId');
    const [row] = await tx
      .update(teamMembers)
      .set({ ...input, isDemo: false, updatedAt: now })
      .where(eq(teamMembers.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', M.memberNotFound);
    await recordAudit(tx, { actor: admin, at: now, action: 'teamMember.update', targetType: 'teamMember', targetId: String(id), before: memberSnapshot(before), after: memberSnapshot(row) });
    return toAdminMember(row);
  });
}
