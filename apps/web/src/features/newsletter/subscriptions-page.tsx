import { EMAIL_CATEGORIES, EMAIL_CATEGORY_LABELS } from '@landunits/domain';
import { ManageSubscriptionsSchema } from '@landunits/domain/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { accountSettingsApi, NOTIFICATION_SETTINGS_QUERY_KEY, SUBSCRIPTIONS_QUERY_KEY, type SubscriptionsAnswer } from '../../shared/account-settings/account-settings-api';
import { SettingsPage, SettingsSaveFooter } from '../../shared/account-settings/settings-page';
import * as styles from '../../shared/ui/switch.module.css';
import * as accountSettingsStyles from '../../shared/account-settings/account-settings.module.css';

type Choice = keyof SubscriptionsAnswer;
const CHOICES: readonly Choice[] = ['newsletter', ...EMAIL_CATEGORIES];

function Switches({ saved }: { saved: SubscriptionsAnswer }) {
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const valuesOf = (answer: SubscriptionsAnswer) => ({ newsletter: answer.newsletter, productNews: answer.productNews, governance: answer.governance, community: answer.community });
  const form = useForm(ManageSubscriptionsSchema, valuesOf(saved), async (choices, { reset }) => {
    setStatus('');
    setError('');
    try {
      const { message, ...now } = await accountSettingsApi.saveSubscriptions(choices);
      client.setQueryData(SUBSCRIPTIONS_QUERY_KEY, now);
      void client.invalidateQueries({ queryKey: NOTIFICATION_SETTINGS_QUERY_KEY });
      reset(valuesOf(now));
      setStatus(message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  });

  return (
    <form {...form.formProps} aria-label="Email subscriptions" className={accountSettingsStyles.settingsForm}>
      <fieldset className={accountSettingsStyles.switchList}>
        <legend className={accountSettingsStyles.switchListLegend}>Optional emails</legend>
        {CHOICES.map((choice) => {
          const { label, hint } = EMAIL_CATEGORY_LABELS[choice];
          const id = `subscription-${choice}`;
          const toggle = form.check(choice);
          return (
            <div key={choice} className={accountSettingsStyles.switchRow}>
              <div className={accountSettingsStyles.switchRowText}>
                <label htmlFor={id} className={accountSettingsStyles.switchRowLabel}>
                  {label}
                </label>
                <p id={`${id}-hint`} className={accountSettingsStyles.switchRowHint}>
                  {hint}
                </p>
              </div>
              <span className={accountSettingsStyles.switchRowControl}>
                <input
                  {...toggle}
                  id={id}
                  type="checkbox"
                  role="switch"
                  className={styles.toggle}
                  aria-describedby={`${id}-hint`}
                  onChange={(event) => {
                    setStatus('');
                    toggle.onChange(event);
                  }}
                />
                <span aria-hidden="true" className={accountSettingsStyles.switchRowState}>
                  {toggle.checked ? 'On' : 'Off'}
                </span>
              </span>
            </div>
          );
        })}
      </fieldset>
      <p className={accountSettingsStyles.settingsNote}>
        Emails about your orders and your account’s security (such as a password change) are always sent: they are not optional. Choose what appears in the app in{' '}
        <Link to="/dashboard/settings/notifications">notification settings</Link>.
      </p>
      <SettingsSaveFooter label="Save preferences" saving={form.submitting} changed={form.changed} status={status} error={error} />
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
      <div role="status" className={accountSettingsStyles.settingsLoading}>
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
