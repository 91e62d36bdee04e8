import { EMAIL_CHANGE_STATUSES } from '@landunits/domain';
import { EMAIL_CHANGE_MESSAGES as M, type EmailChangeAnswer } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { lockOpenRequestAt, toEmailChangeView, updateRequest } from './store';

/**
 * POST /api/user/cancel-email-change: the person stops their open request at any step before an
 * admin's decision (CancelledByUser). A link already sent stops working; the document is kept
 * with the closed request.
 */
export async function cancelEmailChange(ctx: AppContext, userId: string): Promise<EmailChangeAnswer> {
  const row = await ctx.db.transaction(async (tx) => {
    const open = await lockOpenRequestAt(tx, userId, EMAIL_CHANGE_STATUSES, M.noOpenRequest);
    return updateRequest(tx, open.id, { status: 'CancelledByUser', tokenHash: null, tokenExpiresAt: null, updatedAt: ctx.clock.now() });
  });
  return { message: M.cancelled, emailChange: toEmailChangeView(row) };
}
