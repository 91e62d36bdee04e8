import { fieldErrors, modeOf, profileFormSchema, requiredProfileDocument, type DocumentSlot, type ProfileForm, type RequestedStatus } from '@landunits/domain';
import { KycStatusSchema, UpdateProfileFieldsSchema } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { acceptDocuments, type AcceptedDocument } from '../../platform/files';
import { parseInput } from '../../platform/http/app-error';
import { deleteUploadedFiles, type MultipartResult } from '../../platform/http/multipart';
import { lockUserById, saveAccountNames, setVerificationStatuses, type UserRow } from '../users';
import { profileVerifications } from './schema';
import { documentRowsFor, findProfileRow, recordDocuments, recordEvents, reuploadRequestedAt, todayOf } from './store';
import { documentProblems, eventsForChange, refuse, refuseWith, VERIFICATION_ANSWERS } from './transitions';

export const PROFILE_ANSWERS = {
  changeEmail: 'To change your email address, use Change email.',
  unreadable: 'The details could not be read.',
  kycStatus: 'Choose whether to save your details or submit them for review.',
} as const;

/**
 * POST /api/user/update_profile: saves (Saved) or submits (Pending) the profile with its documents.
 * Everything commits together; on any refusal the files of this request are deleted.
 */
export async function updateProfile(ctx: AppContext, user: UserRow, upload: MultipartResult): Promise<{ message: string }> {
  try {
    const accepted = await acceptDocuments(ctx.storage, Object.values(upload.files));
    const { status, form } = readProfileFields(upload.fields);
    return await saveProfile(ctx, user.id, status, form, accepted);
  } catch (error) {
    await deleteUploadedFiles(ctx.storage, upload);
    throw error;
  }
}

function readProfileFields(raw: Record<string, string>): { status: RequestedStatus; form: Record<string, unknown> & { email: string } } {
  const fields = parseInput(UpdateProfileFieldsSchema, raw);
  let kycInfo: unknown;
  try {
    kycInfo = JSON.parse(fields.kycInfo);
  } catch {
    kycInfo = null;
  }
  if (typeof kycInfo !== 'object' || kycInfo === null || Array.isArray(kycInfo)) return refuse({ kycInfo: PROFILE_ANSWERS.unreadable });
  const { kycStatus, ...form } = kycInfo as Record<string, unknown>;
  const status = KycStatusSchema.safeParse(kycStatus);
  if (!status.success) return refuse({ kycStatus: PROFILE_ANSWERS.kycStatus });
  return { status: status.data, form: { ...form, firstName: fields.firstName, lastName: fields.lastName, email: fields.email ?? '' } };
}

async function saveProfile(
  ctx: AppContext,
  userId: string,
  requested: RequestedStatus,
  input: Record<string, unknown> & { email: string },
  accepted: AcceptedDocument[],
): Promise<{ message: string }> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const user = await lockUserById(tx, userId);
    if (!user) throw new Error(`account ${userId} vanished`);
    const events = eventsForChange(user.profileVerificationStatus, requested);
    const errors: Record<string, string> = {};
    const email = input.email.trim();
    if (email && email.toLowerCase() !== user.email.toLowerCase()) errors.email = PROFILE_ANSWERS.changeEmail;
    const parsed = profileFormSchema({ mode: modeOf(requested), userType: user.userType, today: todayOf(now) }).safeParse(input);
    if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error));
    const row = await findProfileRow(tx, userId);
    if (requested === 'Pending') {
      const current = (await documentRowsFor(tx, userId, { includeSuperseded: false })).filter((d) => !accepted.some((a) => a.field === d.slot));
      const uploaded = [...current, ...accepted.map((a) => ({ slot: a.field as DocumentSlot, uploadedAt: now }))];
      const since = row?.reuploadSlot ? await reuploadRequestedAt(tx, userId, 'profile') : null;
      const problems = documentProblems([requiredProfileDocument(user.userType)], uploaded, row?.reuploadSlot ? { slot: row.reuploadSlot, since } : null);
      for (const [slot, message] of Object.entries(problems)) errors[slot] ??= message;
    }
    refuseWith(errors);
    const details = parsed.data as ProfileForm;
    await writeProfile(tx, userId, row, details, requested, now);
    await recordDocuments(tx, userId, accepted, now);
    await recordEvents(tx, userId, 'profile', events, now);
    await setVerificationStatuses(tx, userId, { profile: requested }, now);
    await saveAccountNames(tx, userId, { firstName: details.firstName, lastName: details.lastName, businessName: user.userType === 'BUSINESS' ? details.businessInfo?.businessName : undefined }, now);
  });
  return { message: requested === 'Pending' ? VERIFICATION_ANSWERS.submitted : VERIFICATION_ANSWERS.saved };
}

type Tx = Parameters<typeof lockUserById>[0];

async function writeProfile(tx: Tx, userId: string, row: Awaited<ReturnType<typeof findProfileRow>>, details: ProfileForm, requested: RequestedStatus, now: Date): Promise<void> {
  const expiry = details.passport?.expiryDate || null;
  const expiryChanged = (row?.passportExpiryDate ?? null) !== expiry;
  const values = {
    details,
    passportExpiryDate: expiry,
    // A new expiry date gets its own 30- and 7-day warnings.
    ...(expiryChanged ? { expiryWarned30At: null, expiryWarned7At: null } : {}),
    // A submission answers the last rejection and re-upload request.
    ...(requested === 'Pending' ? { submittedAt: now, rejectionReason: null, reuploadSlot: null, reuploadReason: null } : { submittedAt: null }),
    updatedAt: now,
  };
  await tx
    .insert(profileVerifications)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profileVerifications.userId, set: values });
}
