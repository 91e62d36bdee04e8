import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, TOAST_DURATION_MS, type Toast } from './toast-store';
import * as styles from './toast.module.css';

const TONE_CLASS: Record<Toast['tone'], string> = {
  error: `${styles.toast} ${styles.toastError}`,
  success: `${styles.toast} ${styles.toastSuccess}`,
  info: styles.toast,
};

function ToastItem({ toast }: { toast: Toast }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      // Resuming after a pause gives at least a second more.
      remaining.current = Math.max(1000, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id]);

  return (
    <div
      className={TONE_CLASS[toast.tone]}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <p className={styles.toastMessage}>
        {toast.tone === 'error' ? <span className="visually-hidden">Error: </span> : null}
        {toast.message}
      </p>
      <button type="button" className={styles.toastDismiss} aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * The one live region for toasts, always in the page so screen readers announce new messages
 * politely. Toasts leave after about 6 s unless hovered or focused, or when dismissed.
 */
export function ToastRegion() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div className={styles.toastRegion} role="status" aria-live="polite" aria-label="Notifications" data-placement="bottom-center">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
