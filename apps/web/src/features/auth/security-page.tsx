import { SECURITY_MESSAGES } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { buttonClassName } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { AuthenticatorSection } from './authenticator-section';
import { PasskeysSection } from './passkeys-section';
import { RecoveryCodesSection } from './recovery-codes';
import { useSession } from '../../shared/session';
import { MoneyHoldNotice } from '../../shared/verification/money-hold-notice';
import { SECURITY_QUERY_KEY, securityApi, type SecurityOverview } from './security-api';
import { SessionsSection } from './sessions-section';
import { TransferLimitSection } from './transfer-limit-section';
import { TransferSafeguardSection } from './transfer-safeguard-section';
import { SettingsPage } from '../../shared/account-settings/settings-page';
import * as styles from './security.module.css';
import * as accountSettingsStyles from '../../shared/account-settings/account-settings.module.css';

function AdminAreaLink() {
  return (
    <Link to="/admin" className={buttonClassName('primary')}>
      Go to the admin area
    </Link>
  );
}

/**
 * For an admin whose session has not passed a passkey or an authenticator code: what to do. Once
 * one is added here the server counts this session as confirmed, so the way to the admin area opens.
 */
function AdminNotice({ factorOn, enrolled }: { factorOn: boolean; enrolled: boolean }) {
  if (enrolled)
    return (
      <section className={`${styles.securityNotice} ${styles.securityNoticeDone}`} aria-labelledby="admin-notice-title">
        <h2 id="admin-notice-title" className={styles.securityNoticeTitle}>
          You can use the admin area now
        </h2>
        <p>This session is confirmed. From now on, sign in with your passkey, or with your password and a code from the app.</p>
        <div className={accountSettingsStyles.settingsActions}>
          <AdminAreaLink />
        </div>
      </section>
    );
  return (
    <section className={styles.securityNotice} aria-labelledby="admin-notice-title">
      <h2 id="admin-notice-title" className={styles.securityNoticeTitle}>
        Administrators need a passkey or an authenticator app
      </h2>
      <p>{SECURITY_MESSAGES.adminSecondFactor}</p>
      {factorOn ? (
        <p>
          You have one set up, but this session was not confirmed with it. <Link to="/logout">Sign out</Link>, then sign in again with your passkey, or with your password and a code from the app.
        </p>
      ) : (
        <p>Add a passkey or set up an app below. Once it is confirmed, this session can open the admin area straight away.</p>
      )}
    </section>
  );
}

function SecurityBody({ overview }: { overview: SecurityOverview }) {
  const { isAdmin } = useSession();
  // Remembered here: once the app is confirmed the overview no longer says the admin is waiting.
  const [enrolledHere, setEnrolledHere] = useState(false);
  // Set up in this session and not removed since (the overview then asks for an app again).
  const enrolledAdmin = enrolledHere && !overview.adminNeedsSecondFactor;
  return (
    <>
      <MoneyHoldNotice hold={overview.moneyHold} className={styles.securityHold} />
      {overview.adminNeedsSecondFactor || enrolledAdmin ? <AdminNotice factorOn={overview.totp.enabled || overview.passkeys.length > 0} enrolled={enrolledAdmin} /> : null}
      <section className={styles.securitySection} aria-labelledby="security-passkeys-title">
        <h2 id="security-passkeys-title" className={styles.securitySectionTitle}>
          Passkeys
        </h2>
        <PasskeysSection passkeys={overview.passkeys} onEnrolled={() => overview.adminNeedsSecondFactor && setEnrolledHere(true)} afterCodes={enrolledAdmin ? <AdminAreaLink /> : null} />
      </section>
      <section className={styles.securitySection} aria-labelledby="security-totp-title">
        <h2 id="security-totp-title" className={styles.securitySectionTitle}>
          Authenticator app
        </h2>
        <AuthenticatorSection totp={overview.totp} onEnrolled={() => overview.adminNeedsSecondFactor && setEnrolledHere(true)} afterCodes={enrolledAdmin ? <AdminAreaLink /> : null} />
      </section>
      <section className={styles.securitySection} aria-labelledby="security-codes-title">
        <h2 id="security-codes-title" className={styles.securitySectionTitle}>
          Recovery codes
        </h2>
        <RecoveryCodesSection left={overview.recoveryCodesLeft} factorOn={overview.totp.enabled || overview.passkeys.length > 0} />
      </section>
      {/* Staff hold no Units (decision 0037): nothing of theirs to sell or transfer. */}
      {/* Not remounted when a save reloads the overview: the saved message stays, the field keeps what was saved. */}
      {isAdmin ? null : <TransferSafeguardSection above={overview.stepUpTransfersAbove} />}
      {isAdmin ? null : <TransferLimitSection limit={overview.dailyTransferLimit} />}
      <SessionsSection sessions={overview.sessions} />
    </>
  );
}

/** /dashboard/settings/security: passkeys, the authenticator app, the recovery codes left, and the sessions signed in. */
export function SecurityPage() {
  const query = useQuery({ queryKey: SECURITY_QUERY_KEY, queryFn: ({ signal }) => securityApi.overview(signal), meta: { silent: true } });
  let body;
  if (query.isPending)
    body = (
      <div role="status" className={accountSettingsStyles.settingsLoading}>
        <span className="visually-hidden">Loading your security settings…</span>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height="6rem" />
        ))}
      </div>
    );
  else if (query.isError) body = <ErrorState title="We could not load your security settings" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else body = <SecurityBody overview={query.data} />;
  return (
    <SettingsPage title="Security" lead="Protect your sign-in with a passkey or an authenticator app, keep recovery codes for when you have neither, and see where your account is signed in.">
      {body}
    </SettingsPage>
  );
}
