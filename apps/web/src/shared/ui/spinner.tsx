import type { CSSProperties } from 'react';
import './feedback.css';

/** A busy indicator that says what is loading. */
export function Spinner({ label = 'Loading…', showLabel = false }: { label?: string; showLabel?: boolean }) {
  return (
    <span className="spinner" role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className={showLabel ? undefined : 'visually-hidden'}>{label}</span>
    </span>
  );
}

/** A grey placeholder that keeps the space of content still loading (no layout shift). */
export function Skeleton({ width = '100%', height = '1rem', className }: { width?: string; height?: string; className?: string }) {
  const style: CSSProperties = { width, height };
  return <span className={['skeleton', className].filter(Boolean).join(' ')} style={style} aria-hidden="true" />;
}
