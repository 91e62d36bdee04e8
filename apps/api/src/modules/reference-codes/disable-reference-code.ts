import { REFERENCE_CODE_MESSAGES } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { referenceCodes } from './schema';
import { AppError } from '../../platform/http/app-error';
import { toAdminReferenceCode, type AdminReferenceCode } from './store';
import { recordAudit, type AuditActor } from '../audit';

/**
 * POST /api/admin/reference-codes/:id/disable: the code can no longer be used by new buys; buys
 * placed with it keep it. Disabling a disabled code changes nothing and answers the same.
 */
export async function disableReferenceCode(ctx: DbContext, admin: AuditActor, id: string): Promise<{ code: AdminReferenceCode }> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(referenceCodes).where(eq(referenceCodes.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND', REFERENCE_CODE_MESSAGES.unknown);
    // Disabling a disabled code changes nothing, so it leaves no audit row either.
    if (before.disabledAt) return { code: toAdminReferenceCode(before) };
    const now = ctx.clock.now();
    const [row] = await tx.update(referenceCodes).set({ disabledAt: now }).where(eq(referenceCodes.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', REFERENCE_CODE_MESSAGES.unknown);
    const code = toAdminReferenceCode(row);
    await recordAudit(tx, {
      actor: admin,
      at: now,
      action: 'referenceCode.disable',
      targetType: 'referenceCode',
      targetId: row.id,
      before: { disabledAt: null },
      after: { disabledAt: code.disabledAt },
    });
    return { code };
  });
}
