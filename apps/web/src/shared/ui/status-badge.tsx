import './status-badge.css';

export type BadgeTone = 'success' | 'danger' | 'warning' | 'info' | 'lilac' | 'teal' | 'slate' | 'neutral';

export interface StatusBadgeProps {
  /** The status in words; colour only repeats what the text says. */
  label: string;
  tone?: BadgeTone;
}

export function StatusBadge({ label, tone = 'neutral' }: StatusBadgeProps) {
  return <span className={`badge badge--${tone}`}>{label}</span>;
}
