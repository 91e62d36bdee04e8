import { IDEA_MESSAGES as M } from '@landunits/domain';
import type { AdminIdeaAnswer } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { recordAudit, type AuditActor } from '../audit';
import { ideas } from './schema';
import { adminIdeaView, lockIdea } from './store';

/**
 * An admin hides an idea with a reason, or shows it again (permission community.moderate). In one
 * transaction with its audit row; a change that changes nothing writes nothing.
 */
export async function setIdeaHidden(ctx: AppContext, admin: AuditActor, id: number, hide: { reason: string } | null): Promise<AdminIdeaAnswer> {
  await inTransaction(ctx.db, async (tx) => {
    const before = await lockIdea(tx, id);
    if (!hide && !before.hidden) return;
    if (hide && before.hidden && before.hiddenReason === hide.reason) return;
    const now = ctx.clock.now();
    await tx
      .update(ideas)
      .set({ hidden: hide !== null, hiddenReason: hide?.reason ?? null, updatedAt: now })
      .where(eq(ideas.id, id));
    await recordAudit(tx, {
      actor: admin,
      at: now,
      action: hide ? 'idea.hide' : 'idea.show',
      targetType: 'idea',
      targetId: String(id),
      before: { hidden: before.hidden, hiddenReason: before.hiddenReason },
      after: { hidden: hide !== null, hiddenReason: hide?.reason ?? null },
      reason: hide?.reason ?? null,
    });
  });
  return { message: hide ? M.hidden : M.shown, idea: await adminIdeaView(ctx.db, id, admin.userId) };
}
