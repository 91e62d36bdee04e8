import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import * as styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'md' | 'sm';

const VARIANT_CLASSES: Readonly<Record<ButtonVariant, string>> = { primary: styles.btnPrimary, secondary: styles.btnSecondary, ghost: styles.btnGhost };

/** Class names of a button, for links that must look like one; `extra` is the page's own class. */
export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return [styles.btn, VARIANT_CLASSES[variant], size === 'sm' ? styles.btnSm : '', extra ?? ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, marks the button busy and ignores clicks; the label stays for screen readers. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', size = 'md', loading = false, type = 'button', className, children, onClick, disabled, ...rest }: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button {...rest} type={type} className={buttonClassName(variant, size, className)} disabled={disabled} aria-busy={loading || undefined} aria-disabled={loading || undefined} onClick={handleClick}>
      {loading ? <span className={styles.btnSpinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
