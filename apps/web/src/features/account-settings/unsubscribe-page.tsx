import { ACCOUNT_SETTINGS_ANSWERS } from '@landunits/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { useQueryParam } from '../../shared/lib/use-query-param';
import { Button } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import { Spinner } from '../../shared/ui/spinner';
import { accountSettingsApi, type UnsubscribeTarget } from './account-settings-api';
import { SettingsPage } from './settings-page';

const SETTINGS_LINK = (
  <p className="settings-note">
    Signed in, you can choose every kind of email in <Link to="/dashboard/settings/subscriptions">your email preferences</Link>.
  </p>
);

function Invalid({ message }: { message: string }) {
  return (
    <section aria-labelledby="unsubscribe-invalid-title">
      <h2 id="unsubscribe-invalid-title" className="settings-done__title">
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
    <section className="settings-done" aria-labelledby="unsubscribed-title">
      <h2 id="unsubscribed-title" ref={ref} tabIndex={-1} className="settings-done__title">
        Unsubscribed
      </h2>
      <p role="status">{message}</p>
      {SETTINGS_LINK}
    </section>
  );
}

/** Asks before turning the category off: a link opened by a mail scanner changes nothing. */
function Confirm({ token, target }: { token: string; target: UnsubscribeTarget }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  if (done) return <Done message={done} />;
  const name = target.category === 'newsletter' ? 'the Land Units newsletter' : `${target.label} emails`;
  const onClick = async () => {
    setPending(true);
    setError('');
    try {
      setDone((await accountSettingsApi.unsubscribe(token)).message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <section aria-labelledby="unsubscribe-confirm-title">
      <h2 id="unsubscribe-confirm-title" className="settings-done__title">
        Stop {name}?
      </h2>
      <p>You will no longer receive {name}. Emails about your orders and your account’s security are still sent.</p>
      <div className="settings-actions">
        <Button onClick={() => void onClick()} loading={pending}>
          Unsubscribe
        </Button>
      </div>
      {error ? (
        <p role="alert" className="settings-message settings-message--error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** /unsubscribe?token=…: the page behind the visible link in an optional email's footer. */
export function UnsubscribePage() {
  const token = useQueryParam('token') ?? '';
  const check = useQuery({
    queryKey: ['account-settings', 'unsubscribe', token],
    queryFn: ({ signal }) => accountSettingsApi.unsubscribeTarget(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    meta: { silent: true },
  });
  let body;
  if (!token) body = <Invalid message={ACCOUNT_SETTINGS_ANSWERS.unsubscribeInvalid} />;
  else if (check.isPending) body = <Spinner label="Checking your link…" showLabel />;
  else if (check.isError) {
    body =
      isApiError(check.error) && check.error.status === 400 ? (
        <Invalid message={check.error.message} />
      ) : (
        <ErrorState title="We could not check your link" message={errorMessage(check.error)} onRetry={() => void check.refetch()} retrying={check.isFetching} />
      );
  } else body = <Confirm token={token} target={check.data} />;
  return (
    <SettingsPage title="Unsubscribe" lead="Stop one kind of optional email from Land Units." back={false}>
      {body}
    </SettingsPage>
  );
}
