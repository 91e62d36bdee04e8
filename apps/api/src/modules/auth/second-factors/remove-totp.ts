import { SECURITY_MESSAGES } from '@landunits/domain';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/http/app-error';
import { deleteRecoveryCodes } from './store';
import { clearSessionsSecondFactor } from '../sessions/store';
import { deleteTotp, findTotp } from './totp';
import { listPasskeys } from '../passkeys/webauthn';
import { type Caller, checkPassword, withCode, lockFactors, fieldError, tell, useAppOrRecoveryCode } from './factor-changes';

/**
 * Removes the app and its recovery codes; no session of the person counts as having passed it any
 * more. Staff remove it only with a code from the app: with a recovery code, someone holding the
 * password and the codes could swap in their own app and reach the admin area (a recovery code
 * grants no admin rights); staff who lost the app ask an operator (admin:reset-second-factor).
 */
export async function removeTotp(ctx: AppContext, caller: Caller, input: { code: string; password: string }) {
  const { user } = caller;
  await checkPassword(ctx, user, input.password);
  if (user.adminRole && !/^\d{6}$/.test(input.code)) throw fieldError('code', SECURITY_MESSAGES.staffRemoveNeedsApp);
  if (!(await findTotp(ctx.db, user.id))?.confirmedAt) throw new AppError('CONFLICT', SECURITY_MESSAGES.totpNotSet);
  return withCode(ctx, user, async (tx) => {
    await lockFactors(tx, user.id);
    await useAppOrRecoveryCode(ctx, tx, user, input.code);
    const passkeysLeft = (await listPasskeys(tx, user.id)).length > 0;
    if (user.adminRole && !passkeysLeft) throw new AppError('CONFLICT', SECURITY_MESSAGES.staffKeepSecondFactor);
    await deleteTotp(tx, user.id);
    // The recovery codes stay while a passkey does: they are its way back in.
    if (!passkeysLeft) await deleteRecoveryCodes(tx, user.id);
    await clearSessionsSecondFactor(tx, user.id, 'totp');
    await tell(ctx, tx, user, 'removed');
    return { message: SECURITY_MESSAGES.totpRemoved };
  });
}
