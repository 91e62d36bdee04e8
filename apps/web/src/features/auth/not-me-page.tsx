import { SECURITY_MESSAGES } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMessageAction } from '../../shared/lib/use-message-action';
import { useHydrated } from '../../shared/lib/use-hydrated';
import { useQueryParam } from '../../shared/lib/use-query-param';
import { forgetSession } from '../../shared/session/session-actions';
import { Button } from '../../shared/ui/button';
import { securityApi } from './security-api';
import { SettingsError, SettingsPage } from '../../shared/account-settings/settings-page';
import * as accountSettingsStyles from '../../shared/account-settings/account-settings.module.css';

const RESET_LINK = (
  <p className={accountSettingsStyles.settingsNote}>
    You can also ask for a new password link on the <Link to="/login-forgot">forgotten password page</Link>.
  </p>
);

function Done({ message }: { message: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => ref.current?.focus(), []);
  return (
    <section aria-labelledby="not-me-done-title">
      <h2 id="not-me-done-title" ref={ref} tabIndex={-1} className={accountSettingsStyles.settingsDoneTitle}>
        Your account is locked
      </h2>
      <p role="status">{message}</p>
      {RESET_LINK}
    </section>
  );
}

/**
 * /account/not-me?token=…: "This was not me", behind the link of a new-device email (decision
 * 0049). It asks before acting, so a mail scanner opening the link changes nothing.
 */
export function NotMePage() {
  const token = useQueryParam('token') ?? '';
  const client = useQueryClient();
  // The server's HTML shows the button before the page's script runs; a press then would be lost.
  const hydrated = useHydrated();
  const { run, pending, error } = useMessageAction();
  const [done, setDone] = useState('');
  // Every session ended, this browser's too: forget what was cached of it.
  const locked = (message: string) => {
    forgetSession(client);
    setDone(message);
  };
  let body;
  if (done) body = <Done message={done} />;
  else if (!token) {
    body = (
      <section aria-labelledby="not-me-invalid-title">
        <h2 id="not-me-invalid-title" className={accountSettingsStyles.settingsDoneTitle}>
          This link does not work
        </h2>
        <p role="alert">{SECURITY_MESSAGES.notMeLinkInvalid}</p>
        {RESET_LINK}
      </section>
    );
  } else {
    body = (
      <section aria-labelledby="not-me-title">
        <h2 id="not-me-title" className={accountSettingsStyles.settingsDoneTitle}>
          Was a new sign-in not you?
        </h2>
        <p>If someone else signed in to your account, secure it now. We will:</p>
        <ul>
          <li>sign out every device, including this one if you are signed in;</li>
          <li>lock sales, transfers and payouts until you reset your password;</li>
          <li>email you a link to choose a new password.</li>
        </ul>
        <div className={accountSettingsStyles.settingsActions}>
          <Button onClick={() => void run(() => securityApi.notMe(token), locked)} loading={pending} disabled={!hydrated}>
            Sign out everywhere and lock my account
          </Button>
        </div>
        <SettingsError>{error}</SettingsError>
        {error ? RESET_LINK : null}
      </section>
    );
  }
  return (
    <SettingsPage title="This was not me" lead="Secure your Land Units account after a sign-in you did not make." back={false}>
      {body}
    </SettingsPage>
  );
}
