import type { AppContext } from '../../../platform/context';
import { limits } from '../limits';
import { checkPassword, guardStaffFactorChange, type Caller } from '../second-factors/factor-changes';
import { hasSecondFactor, requireStepUp } from '../step-up/store';
import { registrationOptions } from './webauthn';

/**
 * Passkeys (docs/decisions/0047): a person registers up to ten and names them; one signs in alone
 * (it holds the account's id and verifies the person: both factors at once) or answers the second
 * step after the password. Registering needs the password; the first second factor also makes the
 * ten recovery codes. Staff keep at least one passkey or authenticator app.
 */

export async function startPasskeyRegistration(ctx: AppContext, caller: Caller, password: string) {
  await ctx.limiter.hit(limits.totpSetupPerAccount(caller.user.id));
  // A wrong password is said before the browser asks for a fingerprint, not after.
  await checkPassword(ctx, caller.user, password);
  await guardStaffFactorChange(ctx.db, caller);
  // Another factor beside one already set up: the person confirms it with it first (decision 0050);
  // the proof is taken when the passkey is stored, so a cancelled browser prompt does not use it.
  if (await hasSecondFactor(ctx.db, caller.user.id)) await requireStepUp(ctx, ctx.db, caller, 'second-factors', { peek: true });
  return registrationOptions(ctx, caller.user, caller.sessionId);
}
