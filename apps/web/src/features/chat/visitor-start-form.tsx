import { ChatVisitorStartSchema, type ChatVisitorStartInput } from '@landunits/domain';
import { useId, useState } from 'react';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { EMAIL_INPUT, TextField } from '../../shared/ui/text-field';
import { fieldClassName } from '../../shared/ui/field-parts';
import * as styles from './chat.module.css';

export interface VisitorStartFormProps {
  onStart: (input: ChatVisitorStartInput) => Promise<void>;
}

/**
 * A visitor starts a chat with a name, an email (for the answer when they have left) and consent
 * to be contacted, checked with the API's own schema and messages.
 */
export function VisitorStartForm({ onStart }: VisitorStartFormProps) {
  const [formError, setFormError] = useState('');
  const id = useId();
  const form = useForm(ChatVisitorStartSchema, { name: '', email: '', consent: false }, async (input, { showServerErrors }) => {
    setFormError('');
    try {
      await onStart(input);
    } catch (failure) {
      const others = isApiError(failure) ? showServerErrors(failure.errors) : [];
      if (others.length) setFormError(others.join(' '));
      else if (!isApiError(failure) || Object.keys(failure.errors).length === 0) setFormError(errorMessage(failure));
    }
  });
  const consentError = form.error('consent');

  return (
    <form {...form.formProps} className={styles.chatStart} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Start a chat</h2>
      <p className={styles.chatStartLead}>Tell us who you are; if you leave before we answer, we email you the reply.</p>
      <TextField {...form.field('name')} label="Your name" autoComplete="name" />
      <TextField {...form.field('email')} label="Email" {...EMAIL_INPUT} />
      <div className={styles.chatStartConsent}>
        <label className={styles.chatStartChoice}>
          <input type="checkbox" {...form.check('consent')} aria-invalid={consentError ? true : undefined} aria-describedby={consentError ? `${id}-consent-error` : undefined} />
          <span>I agree to be contacted about my question</span>
        </label>
        {consentError ? (
          <p id={`${id}-consent-error`} className={fieldClassName('error')}>
            {consentError}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p className={styles.chatStartError} role="alert">
          {formError}
        </p>
      ) : null}
      <Button type="submit" className={styles.chatStartSubmit} loading={form.submitting}>
        Start chat
      </Button>
    </form>
  );
}
