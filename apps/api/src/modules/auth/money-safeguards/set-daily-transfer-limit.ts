import { formatMoment, formatUnitCount, STEP_UP_MESSAGES, TRANSFER_LIMIT_RAISE_DELAY_MS, transferLimitRaiseMessage } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context';
import { inTransaction } from '../../../platform/db/transaction';
import { moneySafeguards } from '../schema';
import { requireStepUp, type StepUpCaller } from '../step-up/store';
import { lockTransferSafeguards, tellSafeguardChange } from './store';

/**
 * Sets the daily transfer limit (null: none). A lower limit, or a first one, applies at once and
 * drops a raise that was waiting; a higher one, or none, takes a step-up and applies 24 hours
 * later (the person is emailed at once, so someone else's raise can be stopped by lowering it).
 */
export async function setDailyTransferLimit(ctx: AppContext, caller: StepUpCaller, units: number | null): Promise<{ message: string }> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const userId = caller.user.id;
    const current = await lockTransferSafeguards(tx, userId, now);
    const lowers = units !== null && (current.dailyLimit === null || units <= current.dailyLimit);
    if (lowers || (units === null && current.dailyLimit === null)) {
      await tx.update(moneySafeguards).set({ dailyTransferLimit: units, limitRaiseTo: null, limitRaiseAt: null, updatedAt: now }).where(eq(moneySafeguards.userId, userId));
      if (units !== null && (units !== current.dailyLimit || current.raise)) {
        const subject =
          current.dailyLimit === null
            ? 'You set a daily transfer limit'
            : units === current.dailyLimit
              ? 'The raise of your daily transfer limit was cancelled'
              : 'Your daily transfer limit was lowered';
        const dropped = current.raise ? ' The raise that was waiting will not happen.' : '';
        await tellSafeguardChange(ctx, tx, caller, subject, `You can now transfer or schedule at most ${formatUnitCount(units)} in any 24 hours.${dropped}`);
      }
      return { message: STEP_UP_MESSAGES.limitLowered };
    }
    await requireStepUp(ctx, tx, caller, 'transfer-limit');
    const from = new Date(now.getTime() + TRANSFER_LIMIT_RAISE_DELAY_MS);
    // The limit that applies now is written down, so a raise that was due is not lost.
    await tx.update(moneySafeguards).set({ dailyTransferLimit: current.dailyLimit, limitRaiseTo: units, limitRaiseAt: from, updatedAt: now }).where(eq(moneySafeguards.userId, userId));
    const what =
      units === null
        ? `Your daily transfer limit of ${formatUnitCount(current.dailyLimit ?? 0)} will be removed on ${formatMoment(from)}. Until then it still applies.`
        : `Your daily transfer limit will rise from ${formatUnitCount(current.dailyLimit ?? 0)} to ${formatUnitCount(units)} on ${formatMoment(from)}. Until then the current limit applies.`;
    await tellSafeguardChange(
      ctx,
      tx,
      caller,
      units === null ? 'Your daily transfer limit will be removed' : 'Your daily transfer limit will rise',
      `${what} To stop it, set a lower limit in your security settings.`,
    );
    return { message: transferLimitRaiseMessage(units, from) };
  });
}
