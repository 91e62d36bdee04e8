import { StepUpSchema, type StepUpAction, type StepUpMethod } from '@landunits/domain';
import type { StepUpDone, StepUpOptions } from '@landunits/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from '../api/api-client';
import { errorMessage, formFailureMessage } from '../api/api-error';
import { onStepUpRequired, type StepUpAsk } from '../api/step-up-bridge';
import { askForPasskey, passkeyFailureMessage, passkeysSupported } from '../lib/passkeys';
import { useForm } from '../lib/use-form';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { ErrorState } from '../ui/error-state';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import './step-up.css';

/**
 * The step-up dialog (decision 0050): when the server wants an action confirmed (a sale, a large
 * transfer, a security change, an admin's decision on money), the person confirms it is them with
 * a passkey, an authenticator code, a recovery code, or their password when they have set up
 * neither; the action is then sent again by the API client. Mounted once, for every page.
 */

const stepUpApi = {
  options: (action: StepUpAction) => api.post<StepUpOptions>('/user/security/step-up/options', { action }),
  prove: (body: unknown) => api.post<StepUpDone>('/user/security/step-up', body),
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

interface Pending {
  ask: StepUpAsk;
  resolve: (confirmed: boolean) => void;
}

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
    <div className="step-up__form">
      <p>Use the passkey you added for Land Units. Your browser will ask for your fingerprint, face, screen lock or security key.</p>
      {/* The person asked for the action a moment ago: the one way forward takes the focus. */}
      <Button loading={pending} onClick={() => void run()} autoFocus>
        Use passkey
      </Button>
      <p className="step-up__error" role="alert">
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
    <form {...form.formProps} className="step-up__form" aria-label="Confirm it is you">
      {/* The person asked for the action a moment ago: the one field takes the focus. */}
      <TextField {...form.field(field.name)} label={field.label} hint={field.hint} {...field.input} spellCheck={false} autoCapitalize="none" autoFocus />
      <Button type="submit" loading={form.submitting} disabled={!form.ready}>
        Confirm
      </Button>
      <p className="step-up__error" role="alert">
        {error || form.loadError}
      </p>
    </form>
  );
}

function StepUpBody({ ask, onDone }: { ask: StepUpAsk; onDone: () => void }) {
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
        <div className="step-up__others">
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

/**
 * Registers with the API client and shows the dialog while requests wait for the person to
 * confirm: requests for the same action share one answer; another action waits its turn.
 */
export function StepUpHost() {
  const [queue, setQueue] = useState<readonly Pending[]>([]);
  const waiting = useRef(new Map<StepUpAction, Promise<boolean>>());

  useEffect(
    () =>
      onStepUpRequired((ask) => {
        const shared = waiting.current.get(ask.action);
        if (shared) return shared;
        const answer = new Promise<boolean>((resolve) => {
          const pending: Pending = {
            ask,
            resolve: (confirmed) => {
              waiting.current.delete(ask.action);
              setQueue((current) => current.filter((p) => p !== pending));
              resolve(confirmed);
            },
          };
          setQueue((current) => [...current, pending]);
        });
        waiting.current.set(ask.action, answer);
        return answer;
      }),
    [],
  );

  const pending = queue[0] ?? null;
  return (
    <Dialog open={pending !== null} title="Confirm it’s you" onClose={() => pending?.resolve(false)} className="step-up" testId="step-up-dialog">
      {pending ? (
        <div className="step-up__body">
          <p className="step-up__lead">{pending.ask.message}</p>
          <StepUpBody key={pending.ask.action} ask={pending.ask} onDone={() => pending.resolve(true)} />
          <Button variant="secondary" className="step-up__cancel" onClick={() => pending.resolve(false)}>
            Cancel
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
