import { EMAIL_CHANGE_STATUSES, type EmailChangeStatus } from '@landunits/domain';

/** The SPEC §4 steps as the stepper names them. */
export const STEP_LABELS: Readonly<Record<EmailChangeStatus, string>> = {
  PendingPasswordVerification: 'Confirm your password',
  PasswordVerified: 'Enter your new email',
  PendingNewEmailVerification: 'Open the link we sent',
  VerifiedNewEmail: 'Upload a document',
  DocumentsUploaded: 'Submit your request',
  PendingAdminApproval: 'Waiting for approval',
  CancelledByUser: 'Cancelled',
};

/** The six steps in order; CancelledByUser is an end state shown after them when it applies. */
export const ORDERED_STEPS = EMAIL_CHANGE_STATUSES.filter((status) => status !== 'CancelledByUser');

export type StepState = 'done' | 'current' | 'todo';

/** Each step's state for a request at `status`. */
export function stepStates(status: EmailChangeStatus): { status: EmailChangeStatus; label: string; state: StepState }[] {
  if (status === 'CancelledByUser') {
    return [...ORDERED_STEPS.map((s) => ({ status: s, label: STEP_LABELS[s], state: 'todo' as const })), { status, label: STEP_LABELS[status], state: 'current' }];
  }
  const at = ORDERED_STEPS.indexOf(status);
  return ORDERED_STEPS.map((s, i) => ({ status: s, label: STEP_LABELS[s], state: i < at ? 'done' : i === at ? 'current' : 'todo' }));
}
