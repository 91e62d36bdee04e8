import { CONTENT_MESSAGES as M } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { recordAudit, type AuditActor } from '../audit';
import { teamMembers } from './schema';
import { lockMember, memberSnapshot, write } from './store';

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
      before: { ...memberSnapshot(before), position: before.position },
      after: null,
    });
    return { message: M.deleted };
  });
}
