import { SECURITY_MESSAGES, STEP_UP_LIFETIME_MS, STEP_UP_MESSAGES, type PasskeyAnswer, type StepUpAction } from '@landunits/domain';
import type { StepUpDone } from '@landunits/domain/contracts';
import type { AppContext } from '../../../platform/context';
import type { Db } from '../../../platform/db/client';
import { inTransaction } from '../../../platform/db/transaction';
import { AppError } from '../../../platform/http/app-error';
import { enqueueEmail } from '../../../platform/mail/outbox';
import { verifyPassword } from '../../../platform/security/passwords';
import { notify } from '../../notifications';
import { limits } from '../limits';
import { links } from '../links';
import { recoveryCodesLeft, useRecoveryCode } from '../second-factors/store';
import { auditStaffSecurity } from '../store';
import { RECOVERY_CODE_USED_TO_CONFIRM, recoveryCodeUsedEmail } from '../emails';
import { useTotpCode } from '../second-factors/totp';
import { verifyAuthentication } from '../passkeys/webauthn';
import { keepStepUp, passkeyBinding, stepUpMethods, type StepUpCaller } from './store';

export type StepUpInput =
  | { action: StepUpAction; method: 'passkey'; answer: PasskeyAnswer }
  | { action: StepUpAction; method: 'totp' | 'recovery'; code: string }
  | { action: StepUpAction; method: 'password'; password: string };

const wrong = (field: 'code' | 'password' | 'answer', message: string) => new AppError('UNAUTHORIZED', message, { [field]: message });

/**
 * Checks the proof and keeps it for five minutes for (session, action), replacing an older one.
 * Wrong answers count towards the account's limit for security changes (five in 15 minutes).
 */
export async function proveStepUp(ctx: AppContext, caller: StepUpCaller, input: StepUpInput): Promise<StepUpDone> {
  const { user } = caller;
  const methods = await stepUpMethods(ctx.db, user);
  if (!methods.includes(input.method)) throw new AppError('CONFLICT', user.adminRole ? STEP_UP_MESSAGES.staffNeedFactor : STEP_UP_MESSAGES.methodNotAvailable);
  const failures = limits.securityChangeFailuresPerAccount(user.id);
  await ctx.limiter.check(failures);
  const now = ctx.clock.now();
  // A staff member's proof is also an audit row, in the same transaction.
  const keep = (db: Db) =>
    inTransaction(db, async (tx) => {
      await keepStepUp(tx, caller, input.action, input.method, now);
      await auditStaffSecurity(tx, user, 'stepUp', now, { action: input.action, method: input.method });
    });

  const failed = async (error: AppError) => {
    await ctx.limiter.count(failures);
    return error;
  };
  switch (input.method) {
    case 'password':
      if (!(await verifyPassword(user.passwordHash, input.password))) throw await failed(wrong('password', SECURITY_MESSAGES.passwordWrong));
      await keep(ctx.db);
      break;
    case 'passkey': {
      const owner = await verifyAuthentication(ctx, 'step-up', passkeyBinding(caller, input.action), input.answer, user.id);
      if (owner === 'expired') throw new AppError('CONFLICT', SECURITY_MESSAGES.passkeyExpired);
      if (owner !== user.id) throw await failed(wrong('answer', SECURITY_MESSAGES.passkeyRefused));
      await keep(ctx.db);
      break;
    }
    case 'totp':
      if (!(await useTotpCode(ctx, ctx.db, user.id, input.code))) throw await failed(wrong('code', SECURITY_MESSAGES.codeWrong));
      await keep(ctx.db);
      break;
    case 'recovery': {
      // The code is used up with the proof kept, and the person told, as when one signs in.
      const ok = await inTransaction(ctx.db, async (tx) => {
        if (!(await useRecoveryCode(tx, user.id, input.code, now))) return false;
        await keep(tx);
        const left = (await recoveryCodesLeft(tx, user.id)) ?? 0;
        await enqueueEmail(
          ctx,
          tx,
          recoveryCodeUsedEmail({ to: user.email, firstName: user.firstName, left, securityLink: links(ctx).security(), forgotLink: links(ctx).forgot(), forConfirming: true }),
        );
        await notify(tx, { userId: user.id, ...RECOVERY_CODE_USED_TO_CONFIRM, at: now });
        return true;
      });
      if (!ok) throw await failed(wrong('code', SECURITY_MESSAGES.recoveryCodeWrong));
      break;
    }
  }
  return { message: STEP_UP_MESSAGES.done, expiresAt: new Date(now.getTime() + STEP_UP_LIFETIME_MS).toISOString() };
}
