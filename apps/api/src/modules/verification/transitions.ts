import { DOCUMENT_LABELS, PROFILE_MESSAGES, type DocumentSlot, type RequestedStatus, type VerificationStatus } from '@landunits/domain';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import type { DocumentRow, EventAction } from './store';

export const VERIFICATION_ANSWERS = {
  pendingLocked: 'Your details are waiting for review. Withdraw the submission to change them.',
  notPending: 'There is no submission waiting for review to withdraw.',
  saved: 'Your details were saved.',
  submitted: 'Your details were submitted for review.',
  withdrawn: 'Your submission was withdrawn. You can change your details and submit them again.',
  reuploadNeeded: 'Upload a new copy of this document.',
} as const;

/**
 * PRODUCT-DECISIONS §8: UnVerified, Saved and Rejected may be saved or submitted; Pending may not
 * be edited (withdraw first); editing an Approved verification returns it to Saved (or submits it
 * again), recorded as 'reopened'. Returns the events to record, in order.
 */
export function eventsForChange(current: VerificationStatus, requested: RequestedStatus): EventAction[] {
  if (current === 'Pending') throw new AppError('TRANSITION_REFUSED', VERIFICATION_ANSWERS.pendingLocked);
  const step: EventAction = requested === 'Pending' ? 'submitted' : 'saved';
  return current === 'Approved' ? ['reopened', ...(step === 'submitted' ? [step] : [])] : [step];
}

/**
 * The documents a submission still lacks, as field errors keyed by slot: each required slot needs
 * a current file, and a slot an admin asked to upload again needs one uploaded since the request.
 */
export function documentProblems(
  required: readonly DocumentSlot[],
  current: readonly Pick<DocumentRow, 'slot' | 'uploadedAt'>[],
  reupload: { slot: DocumentSlot; since: Date | null } | null,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const slot of required) if (!current.some((d) => d.slot === slot)) problems[slot] = PROFILE_MESSAGES.documentRequired;
  if (reupload && !current.some((d) => d.slot === reupload.slot && (!reupload.since || d.uploadedAt > reupload.since))) {
    problems[reupload.slot] ??= VERIFICATION_ANSWERS.reuploadNeeded;
  }
  return problems;
}

export const documentLabels = (problems: Record<string, string>) => Object.keys(problems).map((slot) => DOCUMENT_LABELS[slot as DocumentSlot]);

/** A 400 naming each refused field. */
export function refuse(errors: Record<string, string>): never {
  throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, errors);
}

/** Refuses when there is any field error. */
export function refuseWith(errors: Record<string, string>): void {
  if (Object.keys(errors).length > 0) refuse(errors);
}
