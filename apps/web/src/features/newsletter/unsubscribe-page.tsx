import { ACCOUNT_SETTINGS_ANSWERS } from '@landunits/domain/contracts';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMessageAction } from '../../shared/lib/use-message-action';
import { useQueryParam } from '../../shared/lib/use-query-param';
import { Button } from '../../shared/ui/button';
import { Spinner } from '../../shared/ui/spinner';
import { TokenGate } from '../../shared/ui/token-gate';
import { accountSettingsApi, type UnsubscribeTarget } from '../../shared/account-settings/account-settings-api';
import { SettingsError, SettingsPage } from '../../shared/account-settings/settings-page';
import * as accountSettingsStyles from '../../shared/account-settings/account-settings.module.css';

const SETTINGS_LINK = (
  <p className={accountSettingsStyles.settingsNote}>
    Signed in, you can choose every kind of email in <Link to="/dashboard/settings/subscriptions">your email preferences</Link>.
  </p>
);

function Invalid({ message }: { message: string }) {
  return (
    <section aria-labelledby="unsubscribe-invalid-title">
      <h2 id="unsubscribe-invalid-title" className={accountSettingsStyles.settingsDoneTitle}>
        This link does not work
      </h2>
      <p role="alert">{message}</p>
      {SETTINGS_LINK}
    </section>
  );
}

function Done({ message }: { message: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => ref.current?.focus(), []);
  return (
    <section aria-labelledby="unsubscribed-title">
      <h2 id="unsubscribed-title" ref={ref} tabIndex={-1} className={accountSettingsStyles.settingsDoneTitle}>
        Unsubscribed
      </h2>
      <p role="status">{message}</p>
      {SETTINGS_LINK}
    </section>
  );
}

/** Asks before turning the category off: a link opened by a mail scanner changes nothing. */
function Confirm({ token, target }: { token: string; target: UnsubscribeTarget }) {
  const { run, pending, error } = useMessageAction();
  const [done, setDone] = useState('');
  if (done) return <Done message={done} />;
  const name = target.category === 'newsletter' ? 'the Land Units newsletter' : `${target.label} emails`;
  const onClick = () => run(() => accountSettingsApi.unsubscribe(token), setDone);
  return (
    <section aria-labelledby="unsubscribe-confirm-title">
      <h2 id="unsubscribe-confirm-title" className={accountSettingsStyles.settingsDoneTitle}>
        Stop {name}?
      </h2>
      <p>You will no longer receive {name}. Emails about your orders and your account’s security are still sent.</p>
      <div className={accountSettingsStyles.settingsActions}>
        <Button onClick={() => void onClick()} loading={pending}>
          Unsubscribe
        </Button>
      </div>
      <SettingsError>{error}</SettingsError>
    </section>
  );
}

/** /unsubscribe?token=…: the page behind the visible link in an optional email's footer. */
export function UnsubscribePage() {
  const token = useQueryParam('token') ?? '';
  return (
    <SettingsPage title="Unsubscribe" lead="Stop one kind of optional email from Land Units." back={false}>
      <TokenGate
        token={token}
        queryKey={['account-settings', 'unsubscribe', token]}
        check={accountSettingsApi.unsubscribeTarget}
        noTokenMessage={ACCOUNT_SETTINGS_ANSWERS.unsubscribeInvalid}
        checking={<Spinner label="Checking your link…" showLabel />}
        invalid={(message) => <Invalid message={message} />}
      >
        {(target) => <Confirm token={token} target={target} />}
      </TokenGate>
    </SettingsPage>
  );
}
