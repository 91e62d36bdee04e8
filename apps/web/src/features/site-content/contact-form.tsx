import { useState, type ChangeEvent, type TextareaHTMLAttributes } from 'react';
import { lazySchema } from '../../shared/lib/form-schema';
import { usePublicForm, type PublicFieldProps } from '../../shared/lib/public-form';
import { Button } from '../../shared/ui/button';
import { fieldClassName, FieldError, FieldHint, type FieldTextProps, useFieldIds } from '../../shared/ui/field-parts';
import { EMAIL_INPUT, TextField } from '../../shared/ui/text-field';
import { failureText, SiteFormError, SiteFormStatus } from './form-messages';
import { siteApi } from './site-api';
import * as formsStyles from './forms.module.css';

export interface ContactFormProps {
  /** Id of the host's heading; the form is labelled by it (the form has no heading of its own). */
  headingId?: string;
}

type ContactField = 'name' | 'email' | 'subject' | 'message';

interface TextAreaFieldProps extends FieldTextProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'> {
  /** The form state's change handler (typed for inputs; it reads only the value). */
  onChange: PublicFieldProps<ContactField>['onChange'];
}

/** A labelled textarea wired like TextField: hint and error linked with aria-describedby. */
function TextAreaField({ label, hint, error, id, onChange, ...textarea }: TextAreaFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds({ id, hint, error });
  return (
    <div className={fieldClassName('field')}>
      <label className={fieldClassName('label')} htmlFor={controlId}>
        {label}
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <textarea
        {...textarea}
        id={controlId}
        className={fieldClassName('control', formsStyles.siteFormTextarea)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        // The form state reads only `event.target.value`, which a textarea's event has too.
        onChange={(event) => onChange(event as unknown as ChangeEvent<HTMLInputElement>)}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

const contactSchema = lazySchema(() => import('./form-schemas').then((m) => m.ContactFormSchema));

const EMPTY: Record<ContactField, string> = { name: '', email: '', subject: '', message: '' };

/** The fields and button; remounted after a success so every field starts empty again. */
function ContactFields({ headingId, onSent }: { headingId: string | undefined; onSent: (message: string) => void }) {
  const [error, setError] = useState('');
  const form = usePublicForm(contactSchema, EMPTY, async (body, helpers) => {
    setError('');
    try {
      onSent((await siteApi.sendContactMessage(body)).message);
    } catch (failure) {
      setError(failureText(failure, helpers));
    }
  });

  return (
    <form {...form.formProps} aria-labelledby={headingId} aria-label={headingId ? undefined : 'Contact us'}>
      <div className={formsStyles.contactFormPair}>
        <TextField {...form.field('name')} label="Name" autoComplete="name" />
        <TextField {...form.field('email')} label="Email" {...EMAIL_INPUT} />
      </div>
      <TextField {...form.field('subject')} label="Subject (optional)" />
      <TextAreaField {...form.field('message')} label="Message" hint="At least 10 characters." rows={6} />
      <Button type="submit" className={formsStyles.contactFormSubmit} loading={form.submitting} disabled={!form.ready}>
        {form.submitting ? 'Sending…' : 'Send message'}
      </Button>
      <SiteFormError>{error || form.loadError}</SiteFormError>
    </form>
  );
}

/**
 * The contact form of /contact-us and the home page (SPEC §5): validated here with the server's
 * schema and messages, then stored and emailed to support by the API.
 */
export function ContactForm({ headingId }: ContactFormProps) {
  const [sent, setSent] = useState('');
  const [round, setRound] = useState(0);
  return (
    <div>
      <ContactFields
        key={round}
        headingId={headingId}
        onSent={(message) => {
          setSent(message);
          setRound((n) => n + 1);
        }}
      />
      <SiteFormStatus message={sent} version={round} />
    </div>
  );
}
