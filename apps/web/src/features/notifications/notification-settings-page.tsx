import { NOTIFICATION_CATEGORIES, NOTIFICATION_CATEGORY_RULES as RULES, type NotificationCategory } from '@landunits/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { Table, type Column } from '../../shared/ui/table';
import { ErrorState } from '../../shared/ui/error-state';
import { Skeleton } from '../../shared/ui/spinner';
import { accountSettingsApi, NOTIFICATION_SETTINGS_QUERY_KEY, SUBSCRIPTIONS_QUERY_KEY, type NotificationSwitches } from '../../shared/account-settings/account-settings-api';
import { SettingsPage, SettingsSaveFooter } from '../../shared/account-settings/settings-page';
import '../../shared/ui/switch.css';

type Channel = 'email' | 'inApp';
const CHANNEL_NAMES: Record<Channel, string> = { email: 'by email', inApp: 'in the app' };

/** One switch of the table: a switch, a locked one (checked, disabled, with why) or a dash. */
function Cell({ category, channel, value, onChange }: { category: NotificationCategory; channel: Channel; value: boolean | null | undefined; onChange: (on: boolean) => void }) {
  const rule = RULES[category];
  if (rule[channel] === 'none' || value === null || value === undefined)
    return (
      <span className="muted">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">Not sent {CHANNEL_NAMES[channel]}</span>
      </span>
    );
  const id = `notify-${category}-${channel}`;
  const locked = rule[channel] === 'always';
  return (
    <span className="notify-cell">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={locked ? true : value}
        disabled={locked}
        aria-label={`${rule.label} ${CHANNEL_NAMES[channel]}`}
        aria-describedby={locked ? `${id}-why` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      {locked ? (
        <small id={`${id}-why`} className="notify-cell__why">
          {rule.lockedNote}
        </small>
      ) : null}
    </span>
  );
}

function SwitchTable({ saved }: { saved: NotificationSwitches }) {
  const client = useQueryClient();
  const [choices, setChoices] = useState<NotificationSwitches>(saved);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const changed = NOTIFICATION_CATEGORIES.some((c) => choices.email[c] !== saved.email[c] || choices.inApp[c] !== saved.inApp[c]);
  const set = (channel: Channel, category: NotificationCategory, on: boolean) => {
    setStatus('');
    setChoices({ ...choices, [channel]: { ...choices[channel], [category]: on } });
  };
  const switchable = (channel: Channel) => Object.fromEntries(NOTIFICATION_CATEGORIES.filter((c) => RULES[c][channel] === 'switchable').map((c) => [c, Boolean(choices[channel][c])]));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setStatus('');
    setError('');
    try {
      const { message, ...now } = await accountSettingsApi.saveNotificationSettings({ email: switchable('email'), inApp: switchable('inApp') });
      client.setQueryData(NOTIFICATION_SETTINGS_QUERY_KEY, now);
      void client.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY });
      setChoices(now);
      setStatus(message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  const columns: Column<NotificationCategory>[] = [
    {
      key: 'category',
      header: 'What',
      rowHeader: true,
      cell: (c) => (
        <span className="notify-what">
          <strong>{RULES[c].label}</strong>
          <span className="muted">{RULES[c].hint}</span>
        </span>
      ),
    },
    { key: 'email', header: 'Email', cell: (c) => <Cell category={c} channel="email" value={choices.email[c]} onChange={(on) => set('email', c, on)} /> },
    { key: 'inApp', header: 'In-app', cell: (c) => <Cell category={c} channel="inApp" value={choices.inApp[c]} onChange={(on) => set('inApp', c, on)} /> },
  ];

  return (
    <form onSubmit={(e) => void onSubmit(e)} method="post" aria-label="Notification settings" className="settings-form notify-settings">
      <Table caption="Notifications by category and channel" hideCaption columns={columns} rows={NOTIFICATION_CATEGORIES} rowKey={(c) => c} />
      <p className="settings-note">
        The email switches of community, governance and product news are the same as on <Link to="/dashboard/settings/subscriptions">Subscriptions</Link>, where the newsletter is too. See your
        notifications in the <Link to="/dashboard/notifications">notification centre</Link>.
      </p>
      <SettingsSaveFooter label="Save notification settings" saving={saving} changed={changed} status={status} error={error} />
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
      <div role="status" className="settings-loading">
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
