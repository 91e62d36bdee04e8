import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../ui/button';
import * as styles from './account-settings.module.css';

/** The frame of the settings pages: a way back (signed-in pages), the heading, a lead, one card. */
export function SettingsPage({ title, lead, children, back = true }: { title: string; lead: ReactNode; children: ReactNode; back?: boolean }) {
  return (
    <div className={`page ${styles.settingsPage}`}>
      {back ? (
        <nav aria-label="Breadcrumb" className={styles.settingsPageBack}>
          <Link to="/dashboard/settings">Settings</Link>
        </nav>
      ) : null}
      <h1 tabIndex={-1}>{title}</h1>
      <p className="page__lead">{lead}</p>
      <div className={styles.settingsCard}>{children}</div>
    </div>
  );
}

/** A failure under a settings form, read out when it appears; nothing when there is none. */
export function SettingsError({ children }: { children: string | undefined }) {
  return children ? (
    <p role="alert" className={`${styles.settingsMessage} ${styles.settingsMessageError}`}>
      {children}
    </p>
  ) : null;
}

/** What a settings action did: its status (read out when it changes) and a failure. */
export function SettingsOutcome({ status, error }: { status: string; error: string | undefined }) {
  return (
    <>
      <div role="status" className={status ? `${styles.settingsMessage} ${styles.settingsMessageSuccess}` : styles.settingsMessageEmpty}>
        {status}
      </div>
      <SettingsError>{error}</SettingsError>
    </>
  );
}

/** The foot of a settings form that saves switches: the save button, the saved status (read out) and a failure. */
export function SettingsSaveFooter({ label, saving, changed, status, error }: { label: string; saving: boolean; changed: boolean; status: string; error: string | undefined }) {
  return (
    <>
      <div className={styles.settingsActions}>
        <Button type="submit" loading={saving} disabled={!changed && !saving}>
          {label}
        </Button>
      </div>
      <SettingsOutcome status={status} error={error} />
    </>
  );
}
