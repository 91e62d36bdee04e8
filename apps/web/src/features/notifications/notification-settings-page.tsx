import { NOTIFICATION_CATEGORIES, NOTIFICATION_CATEGORY_RULES as RULES, NotificationPreferencesInputSchema, type NotificationCategory, type NotificationPreferencesInput } from '@landunits/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { useForm, type CheckProps, type FormSchema } from '../../shared/lib/use-form';
import { Table, type Column } from '../../shared/ui/table';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { accountSettingsApi, NOTIFICATION_SETTINGS_QUERY_KEY, SUBSCRIPTIONS_QUERY_KEY, type NotificationSwitches } from '../../shared/account-settings/account-settings-api';
import { SettingsPage, SettingsSaveFooter } from '../../shared/account-settings/settings-page';
import * as styles from '../../shared/ui/switch.module.css';
import * as accountSettingsStyles from '../../shared/account-settings/account-settings.module.css';

type Channel = 'email' | 'inApp';
const CHANNEL_NAMES: Record<Channel, string> = { email: 'by email', inApp: 'in the app' };

/** A switch's field name: its channel and category ('email.community'). */
type SwitchName = `${Channel}.${NotificationCategory}`;

/** The switches a person may turn, with their saved values: one field each. */
function switchValues(saved: NotificationSwitches): Record<SwitchName, boolean> {
  const values: Partial<Record<SwitchName, boolean>> = {};
  for (const channel of ['email', 'inApp'] as const)
    for (const category of NOTIFICATION_CATEGORIES) {
      const value = saved[channel][category];
      if (RULES[category][channel] === 'switchable' && typeof value === 'boolean') values[`${channel}.${category}`] = value;
    }
  return values as Record<SwitchName, boolean>;
}

/** The switches as the API takes them (each channel's switchable categories), through its schema. */
const SwitchesSchema: FormSchema<NotificationPreferencesInput> = {
  safeParse: (input) => {
    const values = input as Partial<Record<SwitchName, boolean>>;
    const channel = (name: Channel) => Object.fromEntries(NOTIFICATION_CATEGORIES.filter((c) => RULES[c][name] === 'switchable').map((c) => [c, Boolean(values[`${name}.${c}`])]));
    return NotificationPreferencesInputSchema.safeParse({ email: channel('email'), inApp: channel('inApp') });
  },
};

/** One switch of the table: a switch, a locked one (checked, disabled, with why) or a dash. */
function Cell({ category, channel, value, toggle }: { category: NotificationCategory; channel: Channel; value: boolean | null | undefined; toggle: CheckProps<string> | undefined }) {
  const rule = RULES[category];
  if (rule[channel] === 'none' || value === null || value === undefined || (!toggle && rule[channel] !== 'always'))
    return (
      <span className="muted">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">Not sent {CHANNEL_NAMES[channel]}</span>
      </span>
    );
  const id = `notify-${category}-${channel}`;
  const locked = rule[channel] === 'always';
  return (
    <span className={accountSettingsStyles.notifyCell}>
      <input
        {...(locked ? { checked: true, disabled: true } : toggle)}
        id={id}
        type="checkbox"
        role="switch"
        className={styles.toggle}
        aria-label={`${rule.label} ${CHANNEL_NAMES[channel]}`}
        aria-describedby={locked ? `${id}-why` : undefined}
      />
      {locked ? (
        <small id={`${id}-why`} className={accountSettingsStyles.notifyCellWhy}>
          {rule.lockedNote}
        </small>
      ) : null}
    </span>
  );
}

function SwitchTable({ saved }: { saved: NotificationSwitches }) {
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const form = useForm<SwitchName, NotificationPreferencesInput, Record<SwitchName, boolean>>(SwitchesSchema, switchValues(saved), async (body, { reset }) => {
    setStatus('');
    setError('');
    try {
      const { message, ...now } = await accountSettingsApi.saveNotificationSettings(body);
      client.setQueryData(NOTIFICATION_SETTINGS_QUERY_KEY, now);
      void client.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY });
      reset(switchValues(now));
      setStatus(message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  });
  const toggle = (channel: Channel, category: NotificationCategory): CheckProps<string> | undefined => {
    const name: SwitchName = `${channel}.${category}`;
    if (!(name in form.values)) return undefined;
    const props = form.check(name);
    return {
      ...props,
      onChange: (event) => {
        setStatus('');
        props.onChange(event);
      },
    };
  };

  const columns: Column<NotificationCategory>[] = [
    {
      key: 'category',
      header: 'What',
      rowHeader: true,
      cell: (c) => (
        <span className={accountSettingsStyles.notifyWhat}>
          <strong>{RULES[c].label}</strong>
          <span className={`muted ${accountSettingsStyles.notifyWhatHint}`}>{RULES[c].hint}</span>
        </span>
      ),
    },
    { key: 'email', header: 'Email', cell: (c) => <Cell category={c} channel="email" value={saved.email[c]} toggle={toggle('email', c)} /> },
    { key: 'inApp', header: 'In-app', cell: (c) => <Cell category={c} channel="inApp" value={saved.inApp[c]} toggle={toggle('inApp', c)} /> },
  ];

  return (
    <form {...form.formProps} aria-label="Notification settings" className={accountSettingsStyles.settingsForm}>
      <Table caption="Notifications by category and channel" hideCaption className={accountSettingsStyles.notifySettingsTable} columns={columns} rows={NOTIFICATION_CATEGORIES} rowKey={(c) => c} />
      <p className={accountSettingsStyles.settingsNote}>
        The email switches of community, governance and product news are the same as on <Link to="/dashboard/settings/subscriptions">Subscriptions</Link>, where the newsletter is too. See your
        notifications in the <Link to="/dashboard/notifications">notification centre</Link>.
      </p>
      <SettingsSaveFooter label="Save notification settings" saving={form.submitting} changed={form.changed} status={status} error={error} />
    </form>
  );
}

/** /dashboard/settings/notifications: each category by email and in the app; money and security emails locked on. */
export function NotificationSettingsPage() {
  const query = useQuery({
    queryKey: NOTIFICATION_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => accountSettingsApi.notificationSettings(signal),
    meta: { silent: true },
  });
  let body;
  if (query.isPending)
    body = (
      <div role="status" className={accountSettingsStyles.settingsLoading}>
        <span className="visually-hidden">Loading your notification settings…</span>
        {NOTIFICATION_CATEGORIES.map((c) => (
          <Skeleton key={c} height="3rem" />
        ))}
      </div>
    );
  else if (query.isError)
    body = <ErrorState title="We could not load your notification settings" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else body = <SwitchTable saved={query.data} />;
  return (
    <SettingsPage title="Notification settings" lead="Choose what Land Units tells you, by email and in the notification centre (the bell at the top).">
      {body}
    </SettingsPage>
  );
}
