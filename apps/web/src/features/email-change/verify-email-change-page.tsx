import { MESSAGES } from '@landunits/domain';
import { Link } from 'react-router';
import { oncePerKey, useLinkCheck } from '../../shared/lib/one-time-link';
import { useQueryParam } from '../../shared/lib/use-query-param';
import { useSession } from '../../shared/session/session';
import { Button, buttonClassName } from '../../shared/ui/button';
import { Spinner } from '../../shared/ui/spinner';
import { emailChangeApi } from './email-change-api';
import * as styles from './email-change.module.css';

/** A link works once, so each token is checked once per page load. */
const checks = oncePerKey((token) => emailChangeApi.verifyLink(token));

/**
 * /account/verify-email-change?token=…: the link emailed to the new address. It may be opened on
 * another device, signed in or not; the result says what comes next and links there.
 */
export function VerifyEmailChangePage() {
  const token = useQueryParam('token') ?? '';
  const { isAuth } = useSession();
  const { state, retry } = useLinkCheck(token, checks, { noTokenMessage: MESSAGES.tokenInvalid });
  const next = isAuth ? { to: '/dashboard/settings/change-email', label: 'Continue your request' } : { to: '/login', label: 'Log in to continue' };

  return (
    <div className={`page ${styles.emailChange} ${styles.emailChangeNarrow}`}>
      <h1 tabIndex={-1}>Confirm your new email address</h1>
      <section className={styles.emailChangeCard} aria-live="polite">
        {state.status === 'checking' ? <Spinner label="Checking your link…" showLabel /> : null}
        {state.status === 'confirmed' ? (
          <>
            <p role="status" className={`${styles.emailChangeMessage} ${styles.emailChangeMessageSuccess}`}>
              {state.message}
            </p>
            <Link to={next.to} className={buttonClassName('primary')}>
              {next.label}
            </Link>
          </>
        ) : null}
        {state.status === 'failed' ? (
          <>
            <h2 className={styles.emailChangeSubtitle}>This link does not work</h2>
            <p role="alert">{state.message}</p>
            <p className="muted">Links work once, for 24 hours, and only the newest one counts. You can send a new one from the change email page.</p>
            <div className={styles.emailChangeActions}>
              {state.retryable ? <Button onClick={retry}>Try again</Button> : null}
              <Link to={isAuth ? '/dashboard/settings/change-email' : '/login'} className={buttonClassName(state.retryable ? 'ghost' : 'primary')}>
                {isAuth ? 'Go to change email' : 'Log in'}
              </Link>
            </div>
          </>
        ) : null}
      </section>
    </div>
  );
}
