import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './account-settings.css';

/** The frame of the settings pages: a way back (signed-in pages), the heading, a lead, one card. */
export function SettingsPage({ title, lead, children, back = true }: { title: string; lead: ReactNode; children: ReactNode; back?: boolean }) {
  return (
    <div className="page settings-page">
      {back ? (
        <nav aria-label="Breadcrumb" className="settings-page__back">
          <Link to="/dashboard/settings">Settings</Link>
        </nav>
      ) : null}
      <h1 tabIndex={-1}>{title}</h1>
      <p className="page__lead">{lead}</p>
      <div className="settings-card">{children}</div>
    </div>
  );
}

/** A failure under a settings form, read out when it appears; nothing when there is none. */
export function SettingsError({ children }: { children: string | undefined }) {
  return children ? (
    <p role="alert" className="settings-message settings-message--error">
      {children}
    </p>
  ) : null;
}
