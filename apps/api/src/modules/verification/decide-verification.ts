import { utcIsoDate, type VerificationStatus } from '@landunits/domain';
import { REVIEW_MESSAGES, type ReviewDecided, type ReviewDecision, type ReviewKind } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { lockUserById, setVerificationStatuses } from '../users';
import { sendReviewMessage, type ReviewEmail } from './emails';
import { bankVerifications, profileVerifications, verificationEvents } from './schema';

/** What each decision does: the status it sets, the event it writes, the email it sends. */
const OUTCOMES = {
  approve: { status: 'Approved', action: 'approved', message: REVIEW_MESSAGES.approved },
  reject: { status: 'Rejected', action: 'rejected', message: REVIEW_MESSAGES.rejected },
  // The person uploads that document again and submits again, so the verification is back to Saved.
  reupload: { status: 'Saved', action: 'reuploadRequested', message: REVIEW_MESSAGES.reuploadRequested },
} as const satisfies Record<ReviewDecision['decision'], { status: VerificationStatus; action: string; message: string }>;

interface RowPatch {
  decidedAt: Date;
  rejectionReason: string | null;
  reuploadSlot: ReviewDecision['documentSlot'] | null;
  reuploadReason: string | null;
  updatedAt: Date;
}

/** Whether the profile's passport expired before `today` (a USER profile; a business has none). */
async function passportExpiredOn(tx: Db, userId: string, today: string): Promise<boolean> {
  const [row] = await tx.select({ expiry: profileVerifications.passportExpiryDate }).from(profileVerifications).where(eq(profileVerifications.userId, userId));
  return row?.expiry != null && row.expiry < today;
}

async function updateRow(tx: Db, kind: ReviewKind, userId: string, patch: RowPatch): Promise<boolean> {
  const rows =
    kind === 'profile'
      ? await tx.update(profileVerifications).set(patch).where(eq(profileVerifications.userId, userId)).returning({ userId: profileVerifications.userId })
      : await tx.update(bankVerifications).set(patch).where(eq(bankVerifications.userId, userId)).returning({ userId: bankVerifications.userId });
  return rows.length > 0;
}

function emailOf(input: ReviewDecision): ReviewEmail {
  if (input.decision === 'approve') return { kind: 'approved' };
  if (input.decision === 'reject') return { kind: 'rejected', reason: input.reason ?? '' };
  return { kind: 'reupload', slot: input.documentSlot ?? 'passportFile', reason: input.reason ?? '' };
}

/**
 * POST /api/user/approve_profile and /api/user/approve-bank: an admin's decision on a
 * verification waiting for review. Status, history, audit row and the person's email are written
 * in one transaction; only a Pending verification can be decided (409 otherwise, nothing changes).
 */
export async function decideVerification(ctx: AppContext, admin: AuditActor, kind: ReviewKind, input: ReviewDecision): Promise<ReviewDecided> {
  return ctx.db.transaction(async (tx) => {
    // The role is read again inside the transaction: one removed a moment ago decides nothing,
    // and the audit row names the role the admin has now.
    const role = await requirePermissionOf(tx, admin.userId, 'verifications.review');
    const actor: AuditActor = { ...admin, role };
    const user = await lockUserById(tx, input.userId);
    if (!user || user.adminRole) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.unknownUser);
    const before = kind === 'profile' ? user.profileVerificationStatus : user.bankVerificationStatus;
    if (before !== 'Pending') throw new AppError('TRANSITION_REFUSED', REVIEW_MESSAGES.notPending);
    const outcome = OUTCOMES[input.decision];
    const now = ctx.clock.now();
    if (kind === 'profile' && input.decision === 'approve' && (await passportExpiredOn(tx, user.id, utcIsoDate(now)))) {
      throw new AppError('TRANSITION_REFUSED', REVIEW_MESSAGES.passportExpired);
    }
    const reason = input.decision === 'approve' ? null : (input.reason ?? null);
    const slot = input.decision === 'reupload' ? (input.documentSlot ?? null) : null;
    const changed = await updateRow(tx, kind, user.id, {
      decidedAt: now,
      rejectionReason: input.decision === 'reject' ? reason : null,
      reuploadSlot: slot,
      reuploadReason: slot ? reason : null,
      updatedAt: now,
    });
    if (!changed) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.unknownUser);
    await setVerificationStatuses(tx, user.id, { [kind]: outcome.status }, now);
    await tx.insert(verificationEvents).values({
      userId: user.id,
      verification: kind,
      action: outcome.action,
      actorUserId: admin.userId,
      reason,
      internalNote: input.internalNote ?? null,
      documentSlot: slot,
      at: now,
    });
    await recordAudit(tx, {
      actor,
      at: now,
      action: `verification.${input.decision}`,
      targetType: kind === 'profile' ? 'profileVerification' : 'bankVerification',
      targetId: user.id,
      before: { status: before },
      after: { status: outcome.status, ...(slot ? { documentSlot: slot } : {}), ...(input.internalNote ? { internalNote: input.internalNote } : {}) },
      reason,
    });
    await sendReviewMessage(ctx, tx, user, kind, emailOf(input));
    return { message: outcome.message, status: outcome.status };
  });
}
