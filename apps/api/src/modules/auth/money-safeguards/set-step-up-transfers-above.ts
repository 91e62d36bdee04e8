import { formatUnitCount, STEP_UP_MESSAGES } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context';
import { inTransaction } from '../../../platform/db/transaction';
import { moneySafeguards } from '../schema';
import { requireStepUp, type StepUpCaller } from '../step-up/store';
import { lockTransferSafeguards, tellSafeguardChange } from './store';

/**
 * Sets the step-up threshold: lowering it (more checks) is saved at once; raising it takes a
 * step-up, so someone holding only a session cannot switch the check off before transferring.
 */
export async function setStepUpTransfersAbove(ctx: AppContext, caller: StepUpCaller, above: number): Promise<{ message: string }> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const current = await lockTransferSafeguards(tx, caller.user.id, now);
    if (above === current.stepUpAbove) return { message: STEP_UP_MESSAGES.thresholdSaved };
    if (above > current.stepUpAbove) await requireStepUp(ctx, tx, caller, 'transfer-threshold');
    await tx.update(moneySafeguards).set({ stepUpTransfersAbove: above, updatedAt: now }).where(eq(moneySafeguards.userId, caller.user.id));
    const what =
      above > current.stepUpAbove
        ? `Transfers now ask you to confirm it is you once they add up to more than ${formatUnitCount(above)} in 24 hours (it was ${formatUnitCount(current.stepUpAbove)}).`
        : `Transfers now ask you to confirm it is you once they add up to more than ${formatUnitCount(above)} in 24 hours.`;
    await tellSafeguardChange(
      ctx,
      tx,
      caller,
      above > current.stepUpAbove ? 'You raised the amount you can transfer without confirming' : 'You lowered the amount you can transfer without confirming',
      what,
    );
    return { message: STEP_UP_MESSAGES.thresholdSaved };
  });
}
