import * as styles from './status-badge.module.css';

export type BadgeTone = 'success' | 'danger' | 'warning' | 'info' | 'lilac' | 'teal' | 'slate' | 'neutral';

export interface StatusBadgeProps {
  /** The status in words; colour only repeats what the text says. */
  label: string;
  tone?: BadgeTone;
}

const TONE_CLASS: Record<BadgeTone, string> = {
  success: styles.badgeSuccess,
  danger: styles.badgeDanger,
  warning: styles.badgeWarning,
  info: styles.badgeInfo,
  lilac: styles.badgeLilac,
  teal: styles.badgeTeal,
  slate: styles.badgeSlate,
  neutral: styles.badgeNeutral,
};

export function StatusBadge({ label, tone = 'neutral' }: StatusBadgeProps) {
  return <span className={`${styles.badge} ${TONE_CLASS[tone]}`}>{label}</span>;
}
