import { MAX_PASSKEYS, SECURITY_MESSAGES, type PasskeyAnswer } from '@landunits/domain';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context';
import { inTransaction, sqlState } from '../../../platform/db/transaction';
import { AppError } from '../../../platform/http/app-error';
import { replaceRecoveryCodes } from '../second-factors/store';
import { passkeys } from '../schema';
import { checkPassword, guardStaffFactorChange, lockFactors, tell, type Caller } from '../second-factors/factor-changes';
import { hasSecondFactor, requireStepUp } from '../step-up/store';
import { markSessionSecondFactor } from '../sessions/store';
import { hasConfirmedTotp } from '../second-factors/totp';
import { verifyRegistration } from './webauthn';

/**
 * Stores the passkey the browser made for this session's challenge, with the password. Answers
 * the recovery codes when this is the person's first second factor (shown once), else null.
 */
export async function finishPasskeyRegistration(ctx: AppContext, caller: Caller, input: { name: string; password: string; answer: PasskeyAnswer }) {
  const { user } = caller;
  await checkPassword(ctx, user, input.password);
  await guardStaffFactorChange(ctx.db, caller);
  // Asked before the browser's answer is checked (which uses up its challenge), taken below.
  if (await hasSecondFactor(ctx.db, user.id)) await requireStepUp(ctx, ctx.db, caller, 'second-factors', { peek: true });
  const credential = await verifyRegistration(ctx, ctx.db, caller.sessionId, input.answer);
  try {
    return await inTransaction(ctx.db, async (tx) => {
      await lockFactors(tx, user.id);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
      if (n >= MAX_PASSKEYS) throw new AppError('CONFLICT', SECURITY_MESSAGES.passkeyLimit);
      const firstFactor = n === 0 && !(await hasConfirmedTotp(tx, user.id));
      if (!firstFactor) await requireStepUp(ctx, tx, caller, 'second-factors');
      const now = ctx.clock.now();
      const [row] = await tx
        .insert(passkeys)
        .values({ userId: user.id, ...credential, name: input.name, createdAt: now })
        .returning();
      const recoveryCodes = firstFactor ? await replaceRecoveryCodes(tx, user.id, now) : null;
      // The account's first factor, just proved by this session: an admin enrolling at first
      // sign-in goes on. A later one leaves the session as it signed in.
      if (firstFactor) await markSessionSecondFactor(tx, caller.sessionId, 'passkey');
      await tell(ctx, tx, user, 'passkey-added', `It is named "${input.name}".`);
      return { message: SECURITY_MESSAGES.passkeyAdded, passkey: { id: row!.id, name: row!.name }, recoveryCodes };
    });
  } catch (error) {
    if (sqlState(error) === '23505') throw new AppError('CONFLICT', SECURITY_MESSAGES.passkeyDuplicate);
    throw error;
  }
}
