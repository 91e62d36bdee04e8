import { DEFAULT_STEP_UP_TRANSFER_UNITS, formatMoment, formatUnitCount, STEP_UP_MESSAGES, TRANSFER_LIMIT_RAISE_DELAY_MS, transferLimitRaiseMessage } from '@landunits/domain';
import type { SecurityOverview } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { enqueueEmail } from '../../platform/mail/outbox';
import { notify } from '../notifications';
import { links } from './links';
import { moneySafeguards } from './schema';
import { safeguardChanged, safeguardChangedEmail } from './security-emails';
import { requireStepUp, type StepUpCaller } from './step-up';

/**
 * A person's own safeguards on transfers (decisions 0050 and 0051): the number of Units above
 * which transfers in 24 hours ask for a step-up, and an optional daily transfer limit. Either is
 * lowered at once; the threshold is raised after a step-up, the limit after a step-up and 24 hours.
 */

export interface TransferSafeguards {
  /** Transfers adding up to more than this in 24 hours need a step-up. */
  stepUpAbove: number;
  /** Units the person may transfer or schedule in any 24 hours; null: no limit. */
  dailyLimit: number | null;
  /** A raise (`units` null: the removal) of the limit waiting its 24 hours. */
  raise: { units: number | null; from: Date } | null;
}

type Row = typeof moneySafeguards.$inferSelect;

/** The safeguards that apply at `now`: a raise whose 24 hours are over is the limit. */
function applying(row: Row | undefined, now: Date): TransferSafeguards {
  const stepUpAbove = row?.stepUpTransfersAbove ?? DEFAULT_STEP_UP_TRANSFER_UNITS;
  const dailyLimit = row?.dailyTransferLimit ?? null;
  const raiseAt = row?.limitRaiseAt ?? null;
  if (!raiseAt) return { stepUpAbove, dailyLimit, raise: null };
  if (raiseAt.getTime() <= now.getTime()) return { stepUpAbove, dailyLimit: row?.limitRaiseTo ?? null, raise: null };
  return { stepUpAbove, dailyLimit, raise: { units: row?.limitRaiseTo ?? null, from: raiseAt } };
}

/** The person's safeguards, read (no lock): for showing them. */
export async function transferSafeguardsOf(db: Db, userId: string, now: Date): Promise<TransferSafeguards> {
  const [row] = await db.select().from(moneySafeguards).where(eq(moneySafeguards.userId, userId));
  return applying(row, now);
}

/**
 * Locks the person's safeguards row until the transaction ends (making it when they have none yet)
 * and answers what applies. Every transfer and scheduled transfer of theirs takes it before
 * anything else, and so does every change of the safeguards: what they sent in the last 24 hours
 * is then read after the previous transfer committed, so transfers sent at once cannot together
 * pass the limit or the step-up threshold.
 */
export async function lockTransferSafeguards(tx: Db, userId: string, now: Date): Promise<TransferSafeguards> {
  const locked = () => tx.select().from(moneySafeguards).where(eq(moneySafeguards.userId, userId)).for('update');
  let [row] = await locked();
  if (!row) {
    await tx.insert(moneySafeguards).values({ userId, updatedAt: now }).onConflictDoNothing();
    [row] = await locked();
  }
  return applying(row, now);
}

/** What the security page shows of them. */
export function safeguardsView(safeguards: TransferSafeguards): Pick<SecurityOverview, 'stepUpTransfersAbove' | 'dailyTransferLimit'> {
  return {
    stepUpTransfersAbove: safeguards.stepUpAbove,
    dailyTransferLimit: {
      units: safeguards.dailyLimit,
      raise: safeguards.raise ? { units: safeguards.raise.units, from: safeguards.raise.from.toISOString() } : null,
    },
  };
}

/** A safeguard changed: the person is emailed and notified (a security event: always sent). */
async function tellSafeguardChange(ctx: Pick<AppContext, 'clock' | 'config'>, tx: Db, caller: StepUpCaller, subject: string, what: string): Promise<void> {
  const { user } = caller;
  await enqueueEmail(ctx, tx, safeguardChangedEmail({ to: user.email, firstName: user.firstName, subject, what, securityLink: links(ctx).security(), forgotLink: links(ctx).forgot() }));
  await notify(tx, { userId: user.id, ...safeguardChanged(subject, what), at: ctx.clock.now() });
}

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
