import { DEFAULT_STEP_UP_TRANSFER_UNITS } from '@landunits/domain';
import type { SecurityOverview } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context';
import type { Db } from '../../../platform/db/client';
import { enqueueEmail } from '../../../platform/mail/outbox';
import { notify } from '../../notifications';
import { links } from '../links';
import { moneySafeguards } from '../schema';
import { safeguardChanged, safeguardChangedEmail } from '../emails';
import type { StepUpCaller } from '../step-up/store';

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
export async function tellSafeguardChange(ctx: Pick<AppContext, 'clock' | 'config'>, tx: Db, caller: StepUpCaller, subject: string, what: string): Promise<void> {
  const { user } = caller;
  await enqueueEmail(ctx, tx, safeguardChangedEmail({ to: user.email, firstName: user.firstName, subject, what, securityLink: links(ctx).security(), forgotLink: links(ctx).forgot() }));
  await notify(tx, { userId: user.id, ...safeguardChanged(subject, what), at: ctx.clock.now() });
}
