import type { StepUpAction } from '@landunits/domain';
import type { StepUpOptions, WebAuthnOptions } from '@landunits/domain/contracts';
import type { AppContext } from '../../../platform/context';
import { limits } from '../limits';
import { authenticationOptions } from '../passkeys/webauthn';
import { passkeyBinding, stepUpMethods, type StepUpCaller } from './store';

export async function stepUpOptions(ctx: AppContext, caller: StepUpCaller, action: StepUpAction): Promise<StepUpOptions> {
  await ctx.limiter.hit(limits.stepUpPerAccount(caller.user.id));
  const methods = await stepUpMethods(ctx.db, caller.user);
  const passkey = methods.includes('passkey') ? await authenticationOptions(ctx, 'step-up', passkeyBinding(caller, action), caller.user.id) : null;
  // WebAuthn's own JSON shape, passed through to the browser's library as it is.
  return { methods, passkey: passkey as unknown as WebAuthnOptions | null };
}
