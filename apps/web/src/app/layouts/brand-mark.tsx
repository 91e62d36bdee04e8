import * as styles from './layout.module.css';

/** The Land Units leaf over a horizon line (same drawing as the favicon). */
export function BrandMark({ className = styles.brandMark }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1f5135" />
      <path d="M9 22.5c0-8 5.5-13 14-13.5-.3 8.6-5.3 13.8-13 13.6" fill="#cfe3c4" />
      <path d="M9.5 23.5c2.8-4.4 6-7.6 10-10" fill="none" stroke="#1f5135" strokeWidth="1.6" strokeLinecap="round" />
      <path d="M5 25.5h22" stroke="#e8dcc4" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
