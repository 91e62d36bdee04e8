import { SECURITY_MESSAGES } from '@landunits/domain';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/http/app-error';
import { replaceRecoveryCodes } from './store';
import { findTotp } from './totp';
import { listPasskeys } from '../passkeys/webauthn';
import { type Caller, checkPassword, withCode, tell, useAppOrRecoveryCode } from './factor-changes';

export async function regenerateRecoveryCodes(ctx: AppContext, caller: Caller, input: { code: string; password: string }) {
  const { user } = caller;
  await checkPassword(ctx, user, input.password);
  if (!(await findTotp(ctx.db, user.id))?.confirmedAt && (await listPasskeys(ctx.db, user.id)).length === 0) throw new AppError('CONFLICT', SECURITY_MESSAGES.totpNotSet);
  return withCode(ctx, user, async (tx) => {
    await useAppOrRecoveryCode(ctx, tx, user, input.code);
    const recoveryCodes = await replaceRecoveryCodes(tx, user.id, ctx.clock.now());
    await tell(ctx, tx, user, 'codes');
    return { message: SECURITY_MESSAGES.recoveryCodesMade, recoveryCodes };
  });
}
