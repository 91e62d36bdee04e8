import { EMAIL_CHANGE_MESSAGES as M, type EmailChangeAnswer } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { lockOpenRequestAt, toEmailChangeView, updateRequest } from './store';

/** Step 5 (POST /api/user/submit-email-change): the request goes to an admin (PendingAdminApproval). */
export async function submitEmailChange(ctx: AppContext, userId: string): Promise<EmailChangeAnswer> {
  const row = await ctx.db.transaction(async (tx) => {
    const open = await lockOpenRequestAt(tx, userId, ['DocumentsUploaded'], M.notAtSubmitStep);
    return updateRequest(tx, open.id, { status: 'PendingAdminApproval', updatedAt: ctx.clock.now() });
  });
  return { message: M.submitted, emailChange: toEmailChangeView(row) };
}
