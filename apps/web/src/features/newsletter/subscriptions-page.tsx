import { EMAIL_CATEGORIES, EMAIL_CATEGORY_LABELS } from '@landunits/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { accountSettingsApi, NOTIFICATION_SETTINGS_QUERY_KEY, SUBSCRIPTIONS_QUERY_KEY, type SubscriptionsAnswer } from '../../shared/account-settings/account-settings-api';
import { SettingsPage, SettingsSaveFooter } from '../../shared/account-settings/settings-page';
import '../../shared/ui/switch.css';

type Choice = keyof SubscriptionsAnswer;
const CHOICES: readonly Choice[] = ['newsletter', ...EMAIL_CATEGORIES];

function Switches({ saved }: { saved: SubscriptionsAnswer }) {
  const client = useQueryClient();
  const [choices, setChoices] = useState<SubscriptionsAnswer>(saved);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const changed = CHOICES.some((c) => choices[c] !== saved[c]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setStatus('');
    setError('');
    try {
      const { message, ...now } = await accountSettingsApi.saveSubscriptions(choices);
      client.setQueryData(SUBSCRIPTIONS_QUERY_KEY, now);
      void client.invalidateQueries({ queryKey: NOTIFICATION_SETTINGS_QUERY_KEY });
      setChoices(now);
      setStatus(message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} method="post" aria-label="Email subscriptions" className="settings-form">
      <fieldset className="switch-list">
        <legend className="switch-list__legend">Optional emails</legend>
        {CHOICES.map((choice) => {
          const { label, hint } = EMAIL_CATEGORY_LABELS[choice];
          const id = `subscription-${choice}`;
          return (
            <div key={choice} className="switch-row">
              <div className="switch-row__text">
                <label htmlFor={id} className="switch-row__label">
                  {label}
                </label>
                <p id={`${id}-hint`} className="switch-row__hint">
                  {hint}
                </p>
              </div>
              <span className="switch-row__control">
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  className="switch"
                  checked={choices[choice]}
                  aria-describedby={`${id}-hint`}
                  onChange={(event) => {
                    setStatus('');
                    setChoices({ ...choices, [choice]: event.target.checked });
                  }}
                />
                <span aria-hidden="true" className="switch-row__state">
                  {choices[choice] ? 'On' : 'Off'}
                </span>
              </span>
            </div>
          );
        })}
      </fieldset>
      <p className="settings-note">
        Emails about your orders and your account’s security (such as a password change) are always sent: they are not optional. Choose what appears in the app in{' '}
        <Link to="/dashboard/settings/notifications">notification settings</Link>.
      </p>
      <SettingsSaveFooter label="Save preferences" saving={saving} changed={changed} status={status} error={error} />
    </form>
  );
}

/** /dashboard/settings/subscriptions: the newsletter and each optional email category on or off. */
export function SubscriptionsPage() {
  const query = useQuery({
    queryKey: SUBSCRIPTIONS_QUERY_KEY,
    queryFn: ({ signal }) => accountSettingsApi.subscriptions(signal),
    meta: { silent: true },
  });
  let body;
  if (query.isPending) {
    body = (
      <div role="status" className="settings-loading">
        <span className="visually-hidden">Loading your email preferences…</span>
        {CHOICES.map((c) => (
          <Skeleton key={c} height="3.5rem" />
        ))}
      </div>
    );
  } else if (query.isError) {
    body = <ErrorState title="We could not load your email preferences" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else {
    body = <Switches saved={query.data} />;
  }
  return (
    <SettingsPage title="Subscriptions" lead="Choose which optional emails you receive from Land Units.">
      {body}
    </SettingsPage>
  );
}
