import type { VerificationOverview } from '@landunits/domain/contracts';
import { Link, useLocation } from 'react-router';
import { buttonClassName } from '../../shared/ui/button';
import { useSession } from '../../shared/session';
import { LimitTiers } from './limit-tiers';
import { OverviewGate } from './overview-gate';
import { VerificationTiles } from './verification-tiles';
import * as styles from './settings.module.css';

/**
 * Whether the visitor arrived here from their first sign-in (the account confirmation or the first
 * log-in): the API clears the account's first-login flag as it signs them in, so the pages that
 * sign in pass it on in the navigation state.
 */
export function useArrivedFromFirstLogin(): boolean {
  const state: unknown = useLocation().state;
  return typeof state === 'object' && state !== null && (state as { firstLogin?: unknown }).firstLogin === true;
}

function NewAccount() {
  return (
    <section className={styles.settingsStart} aria-labelledby="start-title">
      <h2 id="start-title" className={styles.settingsSectionTitle}>
        Nothing verified yet
      </h2>
      <p>Start with your profile: your name, address, phone and an identity document. Then add the bank account that receives your sale money.</p>
      <Link to="/dashboard/settings/profile-verification#verification-status" className={buttonClassName('primary')}>
        Start profile verification
      </Link>
    </section>
  );
}

function SettingsBody({ overview }: { overview: VerificationOverview }) {
  const fresh = overview.profile.status === 'UnVerified' && overview.bank.status === 'UnVerified';
  return (
    <>
      {fresh ? <NewAccount /> : null}
      <section className={styles.settingsSection} aria-labelledby="verifications-title">
        <h2 id="verifications-title" className={styles.settingsSectionTitle}>
          Verification
        </h2>
        <p className="muted">Selling needs both approved. Open a tile to fill in or check your details.</p>
        <VerificationTiles overview={overview} />
      </section>
      <section className={styles.settingsSection} aria-labelledby="limits-title">
        <h2 id="limits-title" className={styles.settingsSectionTitle}>
          Purchase limits
        </h2>
        <LimitTiers limits={overview.limits} />
      </section>
    </>
  );
}

/** /dashboard/settings (Update Your Profile): the welcome, the verification tiles, the limit tiers, account links. */
export function SettingsPage() {
  const firstLogin = useArrivedFromFirstLogin();
  const { user } = useSession();
  return (
    <div className={`page ${styles.settingsPage}`}>
      {firstLogin ? (
        <>
          <h1 tabIndex={-1}>Your account is active</h1>
          <p className="page__lead">
            Welcome to Land Units{user?.firstName ? `, ${user.firstName}` : ''}. Next, verify your profile and your bank account: you need both to sell Units, and an approved profile raises your
            purchase limit.
          </p>
        </>
      ) : (
        <>
          <h1 tabIndex={-1}>Update Your Profile</h1>
          <p className="page__lead">Your verifications, your purchase limit and your account settings.</p>
        </>
      )}
      <OverviewGate what="profile">{(overview) => <SettingsBody overview={overview} />}</OverviewGate>
      <section className={styles.settingsSection} aria-labelledby="account-title">
        <h2 id="account-title" className={styles.settingsSectionTitle}>
          Account
        </h2>
        <ul className={styles.settingsLinks}>
          <li>
            <Link to="/dashboard/settings/change-email">Change email</Link>
          </li>
          <li>
            <Link to="/dashboard/settings/change-password">Change password</Link>
          </li>
          <li>
            <Link to="/dashboard/settings/security">Security</Link>
          </li>
          <li>
            <Link to="/dashboard/settings/subscriptions">Email subscriptions</Link>
          </li>
          <li>
            <Link to="/dashboard/settings/notifications">Notification settings</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
