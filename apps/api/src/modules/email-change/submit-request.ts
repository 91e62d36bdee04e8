import { EMAIL_CHANGE_MESSAGES as M, type EmailChangeAnswer } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { hasSecondFactor, requireStepUp } from '../auth';
import { lockOpenRequestAt, toEmailChangeView, updateRequest } from './store';

/**
 * Step 5 (POST /api/user/submit-email-change): the request goes to an admin (PendingAdminApproval).
 * A person with a passkey or an authenticator app confirms it with a step-up (decision 0050).
 */
export async function submitEmailChange(ctx: AppContext, userId: string, session: { sessionId: string }): Promise<EmailChangeAnswer> {
  const row = await ctx.db.transaction(async (tx) => {
    const open = await lockOpenRequestAt(tx, userId, ['DocumentsUploaded'], M.notAtSubmitStep);
    if (await hasSecondFactor(tx, userId)) await requireStepUp(ctx, tx, session, 'email-change');
    return updateRequest(tx, open.id, { status: 'PendingAdminApproval', updatedAt: ctx.clock.now() });
  });
  return { message: M.submitted, emailChange: toEmailChangeView(row) };
}
