import { SECURITY_MESSAGES } from '@landunits/domain';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/http/app-error';
import { limits } from '../limits';
import { hasSecondFactor, requireStepUp } from '../step-up/store';
import { findTotp, newTotpSecret, savePendingTotp } from './totp';
import { type Caller, guardStaffFactorChange } from './factor-changes';

/** Starts setting up the app; a person who has a passkey confirms it with it first (decision 0050). */
export async function startTotpSetup(ctx: AppContext, caller: Caller) {
  const { user } = caller;
  await ctx.limiter.hit(limits.totpSetupPerAccount(user.id));
  if ((await findTotp(ctx.db, user.id))?.confirmedAt) throw new AppError('CONFLICT', SECURITY_MESSAGES.totpAlreadySet);
  await guardStaffFactorChange(ctx.db, caller);
  // Taken when the app is confirmed (confirmTotp): a set-up left unfinished does not use it.
  if (await hasSecondFactor(ctx.db, user.id)) await requireStepUp(ctx, ctx.db, caller, 'second-factors', { peek: true });
  const setup = await newTotpSecret(user.email);
  if (!(await savePendingTotp(ctx.db, user.id, setup.secret, ctx.clock.now()))) throw new AppError('CONFLICT', SECURITY_MESSAGES.totpAlreadySet);
  return setup;
}
