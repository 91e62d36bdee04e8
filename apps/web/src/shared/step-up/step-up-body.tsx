import { StepUpSchema, type StepUpAction, type StepUpMethod } from '@landunits/domain';
import { SECURITY_CONTRACTS, type BodyOf } from '@landunits/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/api-client';
import { errorMessage, formFailureMessage } from '../api/api-error';
import type { StepUpAsk } from '../api/step-up-bridge';
import { askForPasskey, passkeyFailureMessage, passkeysSupported } from '../lib/passkeys';
import { useForm } from '../lib/use-form';
import { Button } from '../ui/button';
import { ErrorState } from '../ui/error-state';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import * as styles from './step-up.module.css';

/**
 * What the step-up dialog shows (decision 0050): the ways this person can confirm it is them, and
 * the form of the chosen one. Loaded the first time a step-up is asked, never with the first page.
 */

const stepUpApi = {
  options: (action: StepUpAction) => call(SECURITY_CONTRACTS.stepUpOptions, { body: { action } }),
  prove: (body: BodyOf<typeof SECURITY_CONTRACTS.stepUp>) => call(SECURITY_CONTRACTS.stepUp, { body }),
};

const SWITCH_TO: Record<StepUpMethod, string> = {
  passkey: 'Use your passkey instead',
  totp: 'Use your authenticator app instead',
  recovery: 'Use a recovery code instead',
  password: 'Use your password instead',
};

const FIELDS = {
  totp: { name: 'code', label: 'Authenticator code', hint: 'The 6 digits your authenticator app shows for Land Units now.', input: { inputMode: 'numeric', autoComplete: 'one-time-code' } },
  recovery: { name: 'code', label: 'Recovery code', hint: 'For example abcd-efgh-jkmn-pqrs. Each code works once.', input: { autoComplete: 'off' } },
  password: { name: 'password', label: 'Password', hint: 'The password you sign in with.', input: { type: 'password', autoComplete: 'current-password' } },
} as const;

function PasskeyProof({ action, onDone }: { action: StepUpAction; onDone: () => void }) {
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    setError('');
    try {
      // A fresh request each time: it is bound to this session and action, and used once.
      const { passkey } = await stepUpApi.options(action);
      if (!passkey) throw new Error('No passkey is registered on your account.');
      const answer = await askForPasskey(passkey);
      await stepUpApi.prove({ action, method: 'passkey', answer });
      onDone();
    } catch (failure) {
      setError(passkeyFailureMessage(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className={styles.stepUpForm}>
      <p>Use the passkey you added for Land Units. Your browser will ask for your fingerprint, face, screen lock or security key.</p>
      {/* The person asked for the action a moment ago: the one way forward takes the focus. */}
      <Button loading={pending} onClick={() => void run()} autoFocus>
        Use passkey
      </Button>
      <p className={styles.stepUpError} role="alert">
        {error}
      </p>
    </div>
  );
}

function SecretProof({ action, method, onDone }: { action: StepUpAction; method: 'totp' | 'recovery' | 'password'; onDone: () => void }) {
  const [error, setError] = useState('');
  const field = FIELDS[method];
  const form = useForm(StepUpSchema, { action, method, [field.name]: '' } as Record<'action' | 'method' | 'code' | 'password', string>, async (body, { showServerErrors }) => {
    setError('');
    try {
      await stepUpApi.prove(body);
      onDone();
    } catch (failure) {
      setError(formFailureMessage(failure, showServerErrors));
    }
  });
  return (
    <form {...form.formProps} className={styles.stepUpForm} aria-label="Confirm it is you">
      {/* The person asked for the action a moment ago: the one field takes the focus. */}
      <TextField {...form.field(field.name)} label={field.label} hint={field.hint} {...field.input} spellCheck={false} autoCapitalize="none" autoFocus />
      <Button type="submit" loading={form.submitting} disabled={!form.ready}>
        Confirm
      </Button>
      <p className={styles.stepUpError} role="alert">
        {error || form.loadError}
      </p>
    </form>
  );
}

export default function StepUpBody({ ask, onDone }: { ask: StepUpAsk; onDone: () => void }) {
  // Asked each time the dialog opens (never from a cache): the ways may have changed since.
  const options = useQuery({ queryKey: ['step-up', ask.action], queryFn: () => stepUpApi.options(ask.action), gcTime: 0, retry: false, meta: { silent: true } });
  const [chosen, setChosen] = useState<StepUpMethod | null>(null);
  if (options.isPending) return <Spinner label="Loading the ways to confirm…" showLabel />;
  if (options.isError) return <ErrorState title="We could not load this" message={errorMessage(options.error)} onRetry={() => void options.refetch()} retrying={options.isFetching} headingLevel={3} />;
  // A browser without WebAuthn cannot use a passkey: it is not offered there.
  const methods = options.data.methods.filter((m) => m !== 'passkey' || passkeysSupported());
  const method = chosen ?? methods[0];
  if (!method) return <p>This needs a passkey or an authenticator app, and none works in this browser. Try another browser or device.</p>;
  const others = methods.filter((m) => m !== method);
  return (
    <>
      {method === 'passkey' ? <PasskeyProof action={ask.action} onDone={onDone} /> : <SecretProof key={method} action={ask.action} method={method} onDone={onDone} />}
      {others.length > 0 ? (
        <div className={styles.stepUpOthers}>
          {others.map((other) => (
            <Button key={other} variant="ghost" size="sm" onClick={() => setChosen(other)}>
              {SWITCH_TO[other]}
            </Button>
          ))}
        </div>
      ) : null}
    </>
  );
}
