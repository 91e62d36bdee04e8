import type { ReactNode } from 'react';
import * as styles from './feedback.module.css';

export interface FormAlertProps {
  /** What went wrong with the last try (the server's message, a network error); nothing shows without it. */
  children: ReactNode;
  /** The spacing the surrounding layout wants (the look is the alert's own). */
  className?: string;
}

/** A form's or a panel's failure, read out when it appears (role="alert"): one look for every form. */
export function FormAlert({ children, className }: FormAlertProps) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className={className ? `${styles.formAlert} ${className}` : styles.formAlert} role="alert">
      {children}
    </p>
  );
}
