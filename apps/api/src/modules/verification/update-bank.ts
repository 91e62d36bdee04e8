import { BANK_DOCUMENT_SLOTS, bankFormSchema, fieldErrors, modeOf, type DocumentSlot, type RequestedStatus } from '@landunits/domain';
import { KycStatusSchema, UpdateBankFieldsSchema } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { acceptDocuments, type AcceptedDocument } from '../../platform/files';
import { parseInput } from '../../platform/http/app-error';
import { deleteUploadedFiles, type MultipartResult } from '../../platform/http/multipart';
import { enqueueEmail } from '../../platform/mail/outbox';
import { lockUserById, setVerificationStatuses, type UserRow } from '../users';
import { hasSecondFactor, requireStepUp, startMoneyHold } from '../auth';
import { bankDetailsChangedEmail } from './emails';
import { bankVerifications } from './schema';
import { documentRowsFor, findBankRow, recordDocuments, recordEvents, reuploadRequestedAt, type BankDetails } from './store';
import { documentProblems, eventsForChange, refuse, refuseWith, VERIFICATION_ANSWERS } from './transitions';

export const BANK_ANSWERS = {
  verificationStatus: 'Choose whether to save your bank details or submit them for review.',
} as const;

/**
 * POST /api/user/update-bank: saves (Saved) or submits (Pending) the bank details with the
 * statement. Changing saved details starts the 48-hour hold on new sells and emails the account.
 */
/**
 * POST /api/user/update-bank from `session`. A person with a passkey or an authenticator app
 * confirms new or changed details with a step-up (decision 0050); saving the same details again
 * (a new statement) does not ask. Without a second factor the SPEC's flow is unchanged.
 */
export async function updateBank(ctx: AppContext, user: UserRow, upload: MultipartResult, session: { sessionId: string }): Promise<{ message: string }> {
  try {
    const accepted = await acceptDocuments(ctx.storage, Object.values(upload.files));
    const { verificationStatus, ...form } = parseInput(UpdateBankFieldsSchema, upload.fields);
    const status = KycStatusSchema.safeParse(verificationStatus);
    if (!status.success) refuse({ verificationStatus: BANK_ANSWERS.verificationStatus });
    return await saveBank(ctx, user.id, status.data, form, accepted, session);
  } catch (error) {
    await deleteUploadedFiles(ctx.storage, upload);
    throw error;
  }
}

const sameDetails = (a: BankDetails, b: BankDetails) => (Object.keys(b) as (keyof BankDetails)[]).every((k) => (a[k] ?? '') === b[k]);

async function saveBank(
  ctx: AppContext,
  userId: string,
  requested: RequestedStatus,
  input: Record<string, unknown>,
  accepted: AcceptedDocument[],
  session: { sessionId: string },
): Promise<{ message: string }> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const user = await lockUserById(tx, userId);
    if (!user) throw new Error(`account ${userId} vanished`);
    const events = eventsForChange(user.bankVerificationStatus, requested);
    const errors: Record<string, string> = {};
    const parsed = bankFormSchema(modeOf(requested)).safeParse(input);
    if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error));
    const row = await findBankRow(tx, userId);
    if (requested === 'Pending') {
      const current = (await documentRowsFor(tx, userId, { includeSuperseded: false })).filter((d) => d.slot === 'bankStatement' && !accepted.some((a) => a.field === d.slot));
      const uploaded = [...current, ...accepted.map((a) => ({ slot: a.field as DocumentSlot, uploadedAt: now }))];
      const since = row?.reuploadSlot ? await reuploadRequestedAt(tx, userId, 'bank') : null;
      const problems = documentProblems(BANK_DOCUMENT_SLOTS, uploaded, row?.reuploadSlot ? { slot: row.reuploadSlot, since } : null);
      for (const [slot, message] of Object.entries(problems)) errors[slot] ??= message;
    }
    refuseWith(errors);
    const details = parsed.data as BankDetails;
    const changed = row !== undefined && !sameDetails(row.details as BankDetails, details);
    if ((row === undefined || changed) && (await hasSecondFactor(tx, userId))) await requireStepUp(ctx, tx, session, 'bank-details');
    // Changed details start the cooling-off (decision 0049). sell_hold_until is still written: the
    // previous release reads it while both run during a rolling upgrade.
    const moneyHoldUntil = changed ? await startMoneyHold(tx, userId, 'bank-details', now) : null;
    const values = {
      details,
      sellHoldUntil: moneyHoldUntil ?? row?.sellHoldUntil ?? null,
      ...(requested === 'Pending' ? { submittedAt: now, rejectionReason: null, reuploadSlot: null, reuploadReason: null } : { submittedAt: null }),
      updatedAt: now,
    };
    await tx
      .insert(bankVerifications)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: bankVerifications.userId, set: values });
    await recordDocuments(tx, userId, accepted, now);
    await recordEvents(tx, userId, 'bank', events, now);
    await setVerificationStatuses(tx, userId, { bank: requested }, now);
    if (moneyHoldUntil) await enqueueEmail(ctx, tx, bankDetailsChangedEmail({ to: user.email, firstName: user.firstName, moneyHoldUntil }));
  });
  return { message: requested === 'Pending' ? VERIFICATION_ANSWERS.submitted : VERIFICATION_ANSWERS.saved };
}
