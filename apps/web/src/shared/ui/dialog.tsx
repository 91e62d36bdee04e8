import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import * as styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Called when the visitor dismisses a dismissible dialog (Escape or the close button). */
  onClose?: () => void;
  /**
   * A dialog that needs an answer (e.g. cookie consent) is not dismissible: Escape does nothing and
   * there is no close button.
   */
  dismissible?: boolean;
  /** 'drawer': a panel pinned to the left edge, the full height of the screen (the menu on narrow screens). */
  variant?: 'centred' | 'drawer';
  className?: string;
  /** Extra class on the padded box inside the dialog (e.g. less padding on a phone). */
  innerClassName?: string;
  testId?: string;
  /** Extra id for aria-controls from a toggle. */
  id?: string;
}

/** A native modal <dialog> (showModal): the page behind is inert, focus stays inside. */
export function Dialog({ open, title, children, onClose, dismissible = true, variant = 'centred', className, innerClassName, testId, id }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const state = useRef({ open, dismissible, onClose });
  useLayoutEffect(() => {
    state.current = { open, dismissible, onClose };
  });

  // Opened and focused in the commit that shows it: no frame where the focus is still behind it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first focusable element; content may name a better start.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (state.current.dismissible) state.current.onClose?.();
    };
    const onDialogClose = () => {
      const { open: wanted, dismissible: canDismiss, onClose: close } = state.current;
      if (!wanted) return;
      // Browsers may force-close on repeated Escape; a dialog that needs an answer comes back.
      if (canDismiss) close?.();
      else dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onDialogClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onDialogClose);
    };
  }, []);

  return (
    <dialog ref={ref} id={id} className={[styles.dialog, variant === 'drawer' ? styles.dialogDrawer : undefined, className].filter(Boolean).join(' ')} aria-labelledby={titleId} data-testid={testId}>
      <div className={[styles.dialogInner, innerClassName].filter(Boolean).join(' ')}>
        <div className={styles.dialogHeader}>
          <h2 id={titleId} className={styles.dialogTitle}>
            {title}
          </h2>
          {dismissible ? (
            <button type="button" className={styles.dialogClose} aria-label="Close" onClick={() => onClose?.()}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </dialog>
  );
}
