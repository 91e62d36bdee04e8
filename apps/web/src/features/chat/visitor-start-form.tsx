import { ChatVisitorStartSchema, fieldErrors, type ChatVisitorStartInput } from '@landunits/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { Button } from '../../shared/ui/button';
import { EMAIL_INPUT, TextField } from '../../shared/ui/text-field';

type Errors = Partial<Record<'name' | 'email' | 'consent', string>>;

export interface VisitorStartFormProps {
  onStart: (input: ChatVisitorStartInput) => Promise<void>;
}

/**
 * A visitor starts a chat with a name, an email (for the answer when they have left) and consent
 * to be contacted, checked with the API's own schema and messages.
 */
export function VisitorStartForm({ onStart }: VisitorStartFormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const parsed = ChatVisitorStartSchema.safeParse({ name, email, consent });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error) as Errors);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onStart(parsed.data);
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.errors).length) setErrors(failure.errors as Errors);
      else setFormError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="chat-start" noValidate method="post" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Start a chat</h2>
      <p className="chat-start__lead">Tell us who you are; if you leave before we answer, we email you the reply.</p>
      <TextField label="Your name" name="name" autoComplete="name" value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
      <TextField label="Email" name="email" {...EMAIL_INPUT} value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
      <div className="chat-start__consent">
        <label className="choice">
          <input
            type="checkbox"
            name="consent"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
          />
          <span className="choice__label">I agree to be contacted about my question</span>
        </label>
        {errors.consent ? (
          <p id={`${id}-consent-error`} className="field__error">
            {errors.consent}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p className="chat-start__error" role="alert">
          {formError}
        </p>
      ) : null}
      <Button type="submit" loading={busy}>
        Start chat
      </Button>
    </form>
  );
}
