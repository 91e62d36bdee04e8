import { useCallback } from 'react';
import * as styles from './feedback.module.css';

/** A busy indicator that says what is loading. */
export function Spinner({ label = 'Loading…', showLabel = false }: { label?: string; showLabel?: boolean }) {
  return (
    <span className={styles.spinner} role="status">
      <span className={styles.spinnerRing} aria-hidden="true" />
      <span className={showLabel ? undefined : 'visually-hidden'}>{label}</span>
    </span>
  );
}

/**
 * A grey placeholder that keeps the space of content still loading (no layout shift). The size is
 * set through the element's style object rather than a style attribute: pages rendered on the
 * server must not carry style attributes, which the CSP (style-src 'self') blocks. Without
 * `width`/`height` the placeholder takes its size from CSS (its class).
 */
export function Skeleton({ width, height, className }: { width?: string; height?: string; className?: string }) {
  const size = useCallback(
    (element: HTMLSpanElement | null) => {
      if (!element) return;
      element.style.width = width ?? '100%';
      element.style.height = height ?? '1rem';
    },
    [width, height],
  );
  return <span ref={width || height ? size : undefined} className={[styles.skeleton, className].filter(Boolean).join(' ')} aria-hidden="true" />;
}
