/**
 * Profile (KYC) and bank verification statuses (SPEC §4). The verification screens come with their
 * own issue; the statuses live on the user now because selling depends on them (PRODUCT-DECISIONS
 * §5: a "completed profile" is profile and bank verification Approved).
 */
export const VERIFICATION_STATUSES = ['UnVerified', 'Saved', 'Pending', 'Approved', 'Rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** SPEC §4 labels of the profile verification statuses. */
export const PROFILE_VERIFICATION_LABELS: Readonly<Record<VerificationStatus, string>> = {
  UnVerified: 'Missing/Incorrect data',
  Saved: 'Info Saved - Submit Now',
  Pending: 'Pending Admin Review',
  Approved: 'Approved',
  Rejected: 'Not Approved, please reapply',
};

/** SPEC §4 labels of the bank verification statuses; Rejected as PRODUCT-DECISIONS §8 words it. */
export const BANK_VERIFICATION_LABELS: Readonly<Record<VerificationStatus, string>> = {
  UnVerified: 'Not Verified',
  Saved: 'Info Saved - Submit Now',
  Pending: 'Pending Admin Review',
  Approved: 'Approved',
  Rejected: 'Not Approved, please reapply',
};

export interface VerificationState {
  profileVerificationStatus: VerificationStatus;
  bankVerificationStatus: VerificationStatus;
}

/**
 * Why this person may not sell yet, in words naming what to complete; null when both
 * verifications are Approved.
 */
export function sellBlockedReason(state: VerificationState): string | null {
  const profile = state.profileVerificationStatus === 'Approved';
  const bank = state.bankVerificationStatus === 'Approved';
  if (profile && bank) return null;
  if (!profile && !bank) return 'To sell Units, complete your profile verification and your bank verification first.';
  if (!profile) return 'To sell Units, complete your profile verification first.';
  return 'To sell Units, complete your bank verification first.';
}
