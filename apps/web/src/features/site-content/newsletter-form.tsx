import { useState } from 'react';
import { lazySchema } from '../../shared/lib/form-schema';
import { usePublicForm } from '../../shared/lib/public-form';
import { Button } from '../../shared/ui/button';
import { EMAIL_INPUT, TextField } from '../../shared/ui/text-field';
import { failureText, SiteFormError, SiteFormStatus } from './form-messages';
import { siteApi } from './site-api';
import * as formsStyles from './forms.module.css';

export interface NewsletterFormProps {
  /** Id of the host's heading; the form is labelled by it (the form has no heading of its own). */
  headingId?: string;
}

const newsletterSchema = lazySchema(() => import('./form-schemas').then((m) => m.NewsletterSubscribeSchema));

interface FieldsProps {
  headingId: string | undefined;
  onSubscribed: (message: string) => void;
}

/** The email field and button; remounted after a success so the field starts empty again. */
function NewsletterFields({ headingId, onSubscribed }: FieldsProps) {
  const [error, setError] = useState('');
  const form = usePublicForm(newsletterSchema, { email: '' }, async (body, helpers) => {
    setError('');
    try {
      onSubscribed((await siteApi.subscribe(body)).message);
    } catch (failure) {
      setError(failureText(failure, helpers));
    }
  });

  return (
    <form {...form.formProps} aria-labelledby={headingId} aria-label={headingId ? undefined : 'Newsletter'}>
      <div className={formsStyles.newsletterFormRow}>
        <TextField {...form.field('email')} label="Email" className={formsStyles.newsletterFormField} {...EMAIL_INPUT} />
        <Button type="submit" className={formsStyles.newsletterFormSubmit} loading={form.submitting} disabled={!form.ready}>
          Subscribe
        </Button>
      </div>
      <SiteFormError>{error || form.loadError}</SiteFormError>
    </form>
  );
}

/**
 * The newsletter sign-up (SPEC §5): one email field. The server answers the same for a new, a
 * waiting or an already subscribed address, and sends the double opt-in email; its message is
 * shown as it is.
 */
export function NewsletterForm({ headingId }: NewsletterFormProps) {
  const [sent, setSent] = useState('');
  const [round, setRound] = useState(0);
  return (
    <div>
      <NewsletterFields
        key={round}
        headingId={headingId}
        onSubscribed={(message) => {
          setSent(message);
          setRound((n) => n + 1);
        }}
      />
      <SiteFormStatus message={sent} version={round} />
    </div>
  );
}
