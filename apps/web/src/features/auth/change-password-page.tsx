import { ChangePasswordSchema } from '@landunits/domain';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formFailureMessage } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { Button, buttonClassName } from '../../shared/ui/button';
import { accountSettingsApi } from '../../shared/account-settings/account-settings-api';
import { PasswordField } from './password-field';
import { SettingsError, SettingsPage } from '../../shared/account-settings/settings-page';
import * as accountSettingsStyles from '../../shared/account-settings/account-settings.module.css';

const NEW_PASSWORD_HINT = 'At least 8 characters, with at least one uppercase letter and one number.';
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The success panel: the server's message (other devices were signed out), focused. */
function Changed({ message, onAgain }: { message: string; onAgain: () => void }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => ref.current?.focus(), []);
  return (
    <section aria-labelledby="password-changed-title">
      <h2 id="password-changed-title" ref={ref} tabIndex={-1} className={accountSettingsStyles.settingsDoneTitle}>
        Password changed
      </h2>
      <p>{message}</p>
      <div className={accountSettingsStyles.settingsActions}>
        <Link to="/dashboard/settings" className={buttonClassName('secondary')}>
          Back to settings
        </Link>
        <Button variant="ghost" onClick={onAgain}>
          Change it again
        </Button>
      </div>
    </section>
  );
}

function ChangePasswordForm({ onDone }: { onDone: (message: string) => void }) {
  const [error, setError] = useState('');
  const form = useForm(ChangePasswordSchema, EMPTY, async (values, { showServerErrors }) => {
    setError('');
    try {
      onDone((await accountSettingsApi.changePassword(values)).message);
    } catch (failure) {
      setError(formFailureMessage(failure, showServerErrors));
    }
  });
  return (
    <form {...form.formProps} aria-label="Change password" className={accountSettingsStyles.settingsForm}>
      <PasswordField {...form.field('currentPassword')} label="Current password" autoComplete="current-password" />
      <PasswordField {...form.field('newPassword')} label="New password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} />
      <PasswordField {...form.field('confirmPassword')} label="Confirm new password" autoComplete="new-password" />
      <p className={accountSettingsStyles.settingsNote}>Changing your password signs you out on every other device. You stay signed in here.</p>
      <Button type="submit" loading={form.submitting} disabled={!form.ready}>
        Change password
      </Button>
      <SettingsError>{error || form.loadError}</SettingsError>
    </form>
  );
}

/** /dashboard/settings/change-password (SPEC §5 rules, POST /api/user/update_user_password). */
export function ChangePasswordPage() {
  const [done, setDone] = useState('');
  const [attempt, setAttempt] = useState(0);
  return (
    <SettingsPage title="Change password" lead="Enter your current password, then choose a new one.">
      {done ? (
        <Changed
          message={done}
          onAgain={() => {
            setDone('');
            setAttempt((n) => n + 1);
          }}
        />
      ) : (
        <ChangePasswordForm key={attempt} onDone={setDone} />
      )}
    </SettingsPage>
  );
}
