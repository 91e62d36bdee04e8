import { TotpConfirmSchema, type SecondFactorChangeSchema } from '@landunits/domain';
import { useState, type ReactNode } from 'react';
import { formFailureMessage } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/text-field';
import type { CodeAndPassword } from './security-api';
import { PasswordField } from './password-field';
import { SettingsError } from '../../shared/account-settings/settings-page';
import * as accountSettingsStyles from '../../shared/account-settings/account-settings.module.css';

/** The keyboard and autofill of a 6-digit authenticator code. */
export const TOTP_INPUT = { inputMode: 'numeric', autoComplete: 'one-time-code', spellCheck: false, autoCapitalize: 'none' } as const;

export interface CodeAndPasswordFormProps {
  /** The form's accessible name. */
  label: string;
  schema: typeof TotpConfirmSchema | typeof SecondFactorChangeSchema;
  submitLabel: string;
  /** Sends the parsed values; a failure is shown under its field or under the form. */
  onSubmit: (values: CodeAndPassword) => Promise<void>;
  onCancel: () => void;
  /** What happens when the form is sent, above the fields. */
  children?: ReactNode;
}

/** A security form's send and Cancel buttons. */
export function FormButtons({ submitting, ready = true, submitLabel, onCancel }: { submitting: boolean; ready?: boolean; submitLabel: string; onCancel: () => void }) {
  return (
    <div className={accountSettingsStyles.settingsActions}>
      <Button type="submit" loading={submitting} disabled={!ready}>
        {submitLabel}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/**
 * A current code from the authenticator app and the account's password: what confirming a new
 * app, removing it and making new recovery codes each ask for.
 */
export function CodeAndPasswordForm({ label, schema, submitLabel, onSubmit, onCancel, children }: CodeAndPasswordFormProps) {
  const [error, setError] = useState('');
  const form = useForm(schema, { code: '', password: '' }, async (values, { showServerErrors }) => {
    setError('');
    try {
      await onSubmit(values);
    } catch (failure) {
      setError(formFailureMessage(failure, showServerErrors));
    }
  });
  return (
    <form {...form.formProps} aria-label={label} className={accountSettingsStyles.settingsForm}>
      {children}
      {/* Confirming a new app takes its code; the other changes also take a recovery code (a lost phone). */}
      {schema === TotpConfirmSchema ? (
        <TextField {...form.field('code')} label="Code from the app" {...TOTP_INPUT} hint="The 6 digits your authenticator app shows now." />
      ) : (
        <TextField
          {...form.field('code')}
          label="Code from the app or a recovery code"
          autoComplete="one-time-code"
          spellCheck={false}
          autoCapitalize="none"
          hint="The 6 digits your app shows now, or one of your recovery codes if you no longer have the app."
        />
      )}
      <PasswordField {...form.field('password')} label="Current password" autoComplete="current-password" />
      <FormButtons submitting={form.submitting} ready={form.ready} submitLabel={submitLabel} onCancel={onCancel} />
      <SettingsError>{error || form.loadError}</SettingsError>
    </form>
  );
}
