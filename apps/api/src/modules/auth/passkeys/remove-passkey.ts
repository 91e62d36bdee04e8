import { SECURITY_MESSAGES } from '@landunits/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context';
import { inTransaction } from '../../../platform/db/transaction';
import { AppError } from '../../../platform/http/app-error';
import { deleteRecoveryCodes } from '../second-factors/store';
import { passkeys } from '../schema';
import { checkPassword, guardStaffFactorChange, lockFactors, tell, type Caller } from '../second-factors/factor-changes';
import { requireStepUp } from '../step-up/store';
import { clearSessionsSecondFactor } from '../sessions/store';
import { hasConfirmedTotp } from '../second-factors/totp';
import { listPasskeys } from './webauthn';

const notFound = () => new AppError('NOT_FOUND', SECURITY_MESSAGES.passkeyNotFound);

/**
 * Removes a passkey, with the password. The last second factor takes the recovery codes with it;
 * the last passkey ends every session's claim to have passed one.
 */
export async function removePasskey(ctx: AppContext, caller: Caller, id: string, password: string) {
  const { user } = caller;
  await checkPassword(ctx, user, password);
  await guardStaffFactorChange(ctx.db, caller);
  return inTransaction(ctx.db, async (tx) => {
    await lockFactors(tx, user.id);
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning({ name: passkeys.name });
    if (!removed) throw notFound();
    const othersLeft = (await listPasskeys(tx, user.id)).length > 0;
    const totp = await hasConfirmedTotp(tx, user.id);
    if (user.adminRole && !othersLeft && !totp) throw new AppError('CONFLICT', SECURITY_MESSAGES.staffKeepSecondFactor);
    // Once nothing else refuses it: confirmed with a passkey, the app or a recovery code (decision
    // 0050), so the password alone does not remove one. A refusal rolls the removal back.
    await requireStepUp(ctx, tx, caller, 'second-factors');
    if (!othersLeft) {
      await clearSessionsSecondFactor(tx, user.id, 'passkey');
      if (!totp) await deleteRecoveryCodes(tx, user.id);
    }
    await tell(ctx, tx, user, 'passkey-removed', `It was named "${removed.name}".`);
    return { message: SECURITY_MESSAGES.passkeyRemoved };
  });
}
