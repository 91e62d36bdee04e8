import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { lockUserById, setVerificationStatuses } from '../users';
import { bankVerifications, profileVerifications } from './schema';
import { recordEvents, type VerificationKind } from './store';
import { VERIFICATION_ANSWERS } from './transitions';

/** POST /api/user/verification/withdraw: a submission waiting for review goes back to Saved. */
export async function withdrawSubmission(ctx: AppContext, userId: string, verification: VerificationKind): Promise<{ message: string }> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const user = await lockUserById(tx, userId);
    if (!user) throw new Error(`account ${userId} vanished`);
    const status = verification === 'profile' ? user.profileVerificationStatus : user.bankVerificationStatus;
    if (status !== 'Pending') throw new AppError('TRANSITION_REFUSED', VERIFICATION_ANSWERS.notPending);
    const table = verification === 'profile' ? profileVerifications : bankVerifications;
    await tx.update(table).set({ submittedAt: null, updatedAt: now }).where(eq(table.userId, userId));
    await recordEvents(tx, userId, verification, ['withdrawn'], now);
    await setVerificationStatuses(tx, userId, { [verification]: 'Saved' }, now);
  });
  return { message: VERIFICATION_ANSWERS.withdrawn };
}
