import type { ReactNode } from 'react';
import * as styles from './accounts.module.css';

export interface AuthPageProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** Links under the card (log in, register…), always visible. */
  links?: ReactNode;
}

/** The frame of every account page: heading, a short lead, one card, then helpful links. */
export function AuthPage({ title, lead, children, links }: AuthPageProps) {
  return (
    <div className={`page ${styles.auth}`}>
      <div className={styles.authInner}>
        <h1 tabIndex={-1} className={styles.authTitle}>
          {title}
        </h1>
        {lead ? <p className={styles.authLead}>{lead}</p> : null}
        <div className={styles.authCard}>{children}</div>
        {links ? <div className={styles.authLinks}>{links}</div> : null}
      </div>
    </div>
  );
}

/** A server or network error under a form, in the server's words (SPEC §8). */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className={`${styles.formMessage} ${styles.formMessageError}`}>
      {children}
    </p>
  );
}

/**
 * A polite live region for the server's confirmations. It stays in the page even when empty so
 * screen readers announce the text that appears in it.
 */
export function FormStatus({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <div role="status" id={id} className={children ? `${styles.formMessage} ${styles.formMessageSuccess}` : styles.formMessageEmpty}>
      {children}
    </div>
  );
}
