import { NewEmailSchema, VerifyPasswordForEmailChangeSchema } from '@landunits/domain';
import { EMAIL_CHANGE_MESSAGES } from '@landunits/domain/contracts';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { useForm, type SubmitHelpers } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { EMAIL_INPUT, TextField } from '../../shared/ui/text-field';
import { percentOf } from '../../shared/api/upload';
import { FileField, UploadProgressBar } from '../../shared/ui/file-field';
import { emailChangeApi, uploadEmailChangeDocument, type EmailChangeAnswer, type EmailChangeView } from './email-change-api';
import * as emailChangeStyles from './email-change.module.css';

/** A message under a form, read out when it appears. */
export function FormError({ children }: { children: string }) {
  return children ? (
    <p role="alert" className={`${emailChangeStyles.emailChangeMessage} ${emailChangeStyles.emailChangeMessageError}`}>
      {children}
    </p>
  ) : null;
}

export interface StepProps {
  onAnswer: (answer: EmailChangeAnswer) => void;
}

/** Runs a step's call: field errors go under their fields, anything else under the form. */
function useStepCall() {
  const [error, setError] = useState('');
  const run = async (call: () => Promise<EmailChangeAnswer>, onAnswer: StepProps['onAnswer'], helpers?: SubmitHelpers) => {
    setError('');
    try {
      onAnswer(await call());
    } catch (failure) {
      const others = helpers && isApiError(failure) && Object.keys(failure.errors).length ? helpers.showServerErrors(failure.errors) : null;
      if (others === null) setError(errorMessage(failure));
      else if (others.length) setError(others.join(' '));
    }
  };
  return { error, run };
}

/** Step 1: the current password (SPEC §5 password verification). */
export function PasswordStep({ onAnswer }: StepProps) {
  const { error, run } = useStepCall();
  const form = useForm(VerifyPasswordForEmailChangeSchema, { password: '' }, ({ password }, helpers) => run(() => emailChangeApi.verifyPassword(password), onAnswer, helpers));
  return (
    <form {...form.formProps} className={emailChangeStyles.emailChangeForm} aria-labelledby="step-title">
      <p>To keep your account safe, first confirm it is you.</p>
      <TextField {...form.field('password')} label="Current password" type="password" autoComplete="current-password" />
      <Button type="submit" loading={form.submitting} disabled={!form.ready}>
        Confirm password
      </Button>
      <FormError>{error}</FormError>
    </form>
  );
}

/** Step 2: the new address, which gets a link. */
export function NewEmailStep({ onAnswer, initial = '' }: StepProps & { initial?: string }) {
  const { error, run } = useStepCall();
  const form = useForm(NewEmailSchema, { newEmail: initial }, ({ newEmail }, helpers) => run(() => emailChangeApi.sendLink(newEmail), onAnswer, helpers));
  return (
    <form {...form.formProps} className={emailChangeStyles.emailChangeForm} aria-labelledby="step-title">
      <p>We will send a link to the new address. Your account keeps its current address until our team approves the change.</p>
      <TextField {...form.field('newEmail')} label="New email address" {...EMAIL_INPUT} />
      <Button type="submit" loading={form.submitting} disabled={!form.ready}>
        Send the link
      </Button>
      <FormError>{error}</FormError>
    </form>
  );
}

/** Step 3: waiting for the link to be opened (on any device), with Resend and another address. */
export function WaitingForLinkStep({ request, onAnswer, onCheck, checking }: StepProps & { request: EmailChangeView; onCheck: () => void; checking: boolean }) {
  const { error, run } = useStepCall();
  const [pending, setPending] = useState(false);
  const [other, setOther] = useState(false);
  const resend = async () => {
    setPending(true);
    await run(() => emailChangeApi.sendLink(request.newEmail ?? ''), onAnswer);
    setPending(false);
  };
  if (other) return <NewEmailStep onAnswer={onAnswer} />;
  return (
    <div className={emailChangeStyles.emailChangeForm}>
      <p>
        We sent a link to <strong>{request.newEmail}</strong>. Open it within 24 hours to confirm the address; it can take up to 15 minutes to arrive.
      </p>
      <div className={emailChangeStyles.emailChangeActions}>
        <Button onClick={onCheck} loading={checking}>
          I opened the link
        </Button>
        <Button variant="secondary" onClick={() => void resend()} loading={pending}>
          Resend the link
        </Button>
        <Button variant="ghost" onClick={() => setOther(true)}>
          Use another address
        </Button>
      </div>
      <FormError>{error}</FormError>
    </div>
  );
}

/** Step 4 (and replacing the file at step 5): the supporting identity document. */
export function DocumentStep({ onAnswer, replacing = false }: StepProps & { replacing?: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const choose = (picked: File | null) => {
    setFile(picked);
    setError('');
  };
  const send = async () => {
    if (progress !== null) return;
    // A file the field refused keeps its message; no file at all is required.
    if (!file) return setFieldError((current) => current ?? EMAIL_CHANGE_MESSAGES.documentRequired);
    setProgress(0);
    try {
      onAnswer(await uploadEmailChangeDocument(file, (sent) => setProgress(percentOf(sent))));
    } catch (failure) {
      const message = isApiError(failure) ? failure.errors.identity : undefined;
      if (message) setFieldError(message);
      else setError(errorMessage(failure));
    } finally {
      setProgress(null);
    }
  };
  return (
    <form
      className={emailChangeStyles.emailChangeForm}
      noValidate
      method="post"
      aria-labelledby="step-title"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {replacing ? null : <p>Upload an identity document (your passport, or your business registry for a business account) so our team can check the request is yours.</p>}
      <FileField
        label={replacing ? 'Replace the document' : 'Identity document'}
        name="identity"
        chosen={file}
        error={fieldError}
        disabled={progress !== null}
        sentWhen="sent when you upload it"
        onChoose={choose}
        onError={setFieldError}
      />
      {progress !== null ? <UploadProgressBar percent={progress} /> : null}
      <Button type="submit" variant={replacing ? 'secondary' : 'primary'} loading={progress !== null}>
        {replacing ? 'Upload the new document' : 'Upload the document'}
      </Button>
      <FormError>{error}</FormError>
    </form>
  );
}

/** Step 5: send the request to our team. */
export function SubmitStep({ request, onAnswer }: StepProps & { request: EmailChangeView }) {
  const { error, run } = useStepCall();
  const [pending, setPending] = useState(false);
  const submit = async () => {
    setPending(true);
    await run(() => emailChangeApi.submit(), onAnswer);
    setPending(false);
  };
  return (
    <div className={emailChangeStyles.emailChangeForm}>
      <p>
        Change your email address to <strong>{request.newEmail}</strong>, with the document <strong>{request.documentName}</strong>.
      </p>
      <Button onClick={() => void submit()} loading={pending}>
        Submit my request
      </Button>
      <FormError>{error}</FormError>
      <DocumentStep onAnswer={onAnswer} replacing />
    </div>
  );
}
