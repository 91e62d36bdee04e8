import type { ReactNode } from 'react';
import './accounts.css';

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
    <div className="page auth">
      <div className="auth__inner">
        <h1 tabIndex={-1} className="auth__title">
          {title}
        </h1>
        {lead ? <p className="auth__lead">{lead}</p> : null}
        <div className="auth__card">{children}</div>
        {links ? <div className="auth__links">{links}</div> : null}
      </div>
    </div>
  );
}

/** A server or network error under a form, in the server's words (SPEC §8). */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="form-message form-message--error">
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
    <div role="status" id={id} className={children ? 'form-message form-message--success' : 'form-message--empty'}>
      {children}
    </div>
  );
}
