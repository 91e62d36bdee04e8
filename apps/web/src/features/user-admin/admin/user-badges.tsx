import type { AdminRole, VerificationStatus } from '@landunits/domain';
import { ACCOUNT_STATUS_LABELS, type AccountStatus } from '@landunits/domain/contracts';
import { StatusBadge, type BadgeTone } from '../../../shared/ui/status-badge';
import * as styles from './users.module.css';

const STATUS_TONES: Record<AccountStatus, BadgeTone> = { active: 'success', unconfirmed: 'warning', disabled: 'danger' };
/** A verification's status as admins say it (the person's own page words it for them). */
export const VERIFICATION_WORDS: Record<VerificationStatus, string> = {
  UnVerified: 'Not submitted',
  Saved: 'Saved, not submitted',
  Pending: 'Waiting for review',
  Approved: 'Approved',
  Rejected: 'Not approved',
};
export const VERIFICATION_TONES: Record<VerificationStatus, BadgeTone> = { UnVerified: 'slate', Saved: 'info', Pending: 'lilac', Approved: 'success', Rejected: 'danger' };
export const ROLE_NAMES: Record<AdminRole, string> = { OWNER: 'Owner', COMPLIANCE: 'Compliance', FINANCE: 'Finance', SUPPORT: 'Support' };

/** The account's status, and its admin role when it is an admin's. */
export function AccountBadges({ status, adminRole }: { status: AccountStatus; adminRole: AdminRole | null }) {
  return (
    <span className={styles.usersBadges}>
      <StatusBadge label={ACCOUNT_STATUS_LABELS[status]} tone={STATUS_TONES[status]} />
      {adminRole ? <StatusBadge label={`Admin: ${ROLE_NAMES[adminRole]}`} tone="lilac" /> : null}
    </span>
  );
}

/** Both verification statuses in words. */
export function VerificationText({ profile, bank }: { profile: VerificationStatus; bank: VerificationStatus }) {
  return (
    <span className={styles.usersVerification}>
      <span>Profile: {VERIFICATION_WORDS[profile]}</span>
      <span>Bank: {VERIFICATION_WORDS[bank]}</span>
    </span>
  );
}
