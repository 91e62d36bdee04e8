import { SECURITY_MESSAGES } from '@landunits/domain';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/http/app-error';
import { requireStepUp } from '../step-up/store';
import { replaceRecoveryCodes } from './store';
import { markSessionSecondFactor } from '../sessions/store';
import { findTotp, useTotpCode } from './totp';
import { listPasskeys } from '../passkeys/webauthn';
import { type Caller, checkPassword, guardStaffFactorChange, withCode, lockFactors, fieldError, tell } from './factor-changes';

/** An app set up but not confirmed within this long must be scanned again. */
const SETUP_LIFETIME_MS = 30 * 60_000;

/**
 * Confirms the app with its first code and the password; makes the ten recovery codes (shown
 * once). When it is the account's first second factor, this session counts as having passed it,
 * so an admin setting it up at first sign-in goes on to the admin area.
 */
export async function confirmTotp(ctx: AppContext, caller: Caller, input: { code: string; password: string }) {
  const { user } = caller;
  await checkPassword(ctx, user, input.password);
  await guardStaffFactorChange(ctx.db, caller);
  const pending = await findTotp(ctx.db, user.id);
  if (pending?.confirmedAt) throw new AppError('CONFLICT', SECURITY_MESSAGES.totpAlreadySet);
  if (!pending || ctx.clock.now().getTime() - pending.createdAt.getTime() > SETUP_LIFETIME_MS) throw new AppError('CONFLICT', SECURITY_MESSAGES.setupExpired);
  return withCode(ctx, user, async (tx) => {
    await lockFactors(tx, user.id);
    if (!(await useTotpCode(ctx, tx, user.id, input.code, { pending: true }))) throw fieldError('code', SECURITY_MESSAGES.codeWrong);
    // Beside a passkey, the step-up asked for at the set-up's start (decision 0050); a refusal rolls the code's use back.
    if ((await listPasskeys(tx, user.id)).length > 0) await requireStepUp(ctx, tx, caller, 'second-factors');
    const recoveryCodes = await replaceRecoveryCodes(tx, user.id, ctx.clock.now());
    if ((await listPasskeys(tx, user.id)).length === 0) await markSessionSecondFactor(tx, caller.sessionId, 'totp');
    await tell(ctx, tx, user, 'added');
    return { message: SECURITY_MESSAGES.totpSet, recoveryCodes };
  });
}
