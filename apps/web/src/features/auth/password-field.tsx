import { useState, type InputHTMLAttributes } from 'react';
import { fieldClassName, FieldFrame, type FieldTextProps, useFieldIds } from '../../shared/ui/field-parts';
import * as accountSettingsStyles from '../../shared/account-settings/account-settings.module.css';

export interface PasswordFieldProps extends FieldTextProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {}

/**
 * A labelled password input with a Show/Hide button beside it (a toggle button: aria-pressed, its
 * name says what it does); hint and error are linked with aria-describedby like every field.
 */
export function PasswordField({ label, hint, error, id, className, ...input }: PasswordFieldProps) {
  const ids = useFieldIds({ id, hint, error });
  const { controlId, describedBy } = ids;
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} ids={ids}>
      <div className={accountSettingsStyles.passwordField}>
        <input
          {...input}
          type={shown ? 'text' : 'password'}
          id={controlId}
          className={fieldClassName('control', accountSettingsStyles.passwordFieldInput)}
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <button
          type="button"
          className={accountSettingsStyles.passwordFieldToggle}
          aria-pressed={shown}
          aria-controls={controlId}
          aria-label={`${shown ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
    </FieldFrame>
  );
}
