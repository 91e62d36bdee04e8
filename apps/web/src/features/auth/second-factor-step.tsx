import { SecondFactorLoginSchema, type SecondFactorKind } from '@landunits/domain';
import { useState, type MouseEvent } from 'react';
import { formFailureMessage, isApiError } from '../../shared/api/api-error';
import { askForPasskey, passkeyFailureMessage, passkeysSupported } from '../../shared/lib/passkeys';
import { useForm } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/text-field';
import { accountsApi, type SignInAnswer } from './accounts-api';
import { FormError } from './auth-page';
import * as accountsStyles from './accounts.module.css';

const SWITCH_TO: Record<SecondFactorKind, string> = {
  passkey: 'Use your passkey instead',
  totp: 'Use your authenticator app instead',
  recovery: 'Use a recovery code instead',
};

const FIELDS = {
  totp: {
    label: 'Authenticator code',
    hint: 'The 6 digits your authenticator app shows for Land Units now.',
    input: { inputMode: 'numeric', autoComplete: 'one-time-code' },
    lead: 'Open your authenticator app and enter the code it shows for Land Units.',
  },
  recovery: {
    label: 'Recovery code',
    hint: 'For example abcd-efgh-jkmn-pqrs. Each code works once.',
    input: { autoComplete: 'off' },
    lead: 'Enter one of the recovery codes you saved when you set up your passkey or authenticator app.',
  },
} as const;

export interface SecondFactorStepProps {
  /** What the account can confirm with (the password step's answer). */
  methods: readonly SecondFactorKind[];
  /** Finishes the sign-in like a password-only one; answers a message when it could not. */
  onSignedIn: (answer: SignInAnswer) => Promise<string>;
  /** The second step timed out: back to the password step, which says so. */
  onExpired: () => void;
  onStartAgain: () => void;
}

/** The server's answer to a second step, or the step's end (SIGN_IN_EXPIRED: back to the password). */
async function answerStep(
  send: () => Promise<SignInAnswer>,
  { onSignedIn, onExpired }: Pick<SecondFactorStepProps, 'onSignedIn' | 'onExpired'>,
  failed: (failure: unknown) => string,
): Promise<string> {
  try {
    return await onSignedIn(await send());
  } catch (failure) {
    // The second step timed out or ended: the password step comes back.
    if (isApiError(failure) && failure.code === 'SIGN_IN_EXPIRED') {
      onExpired();
      return '';
    }
    return failed(failure);
  }
}

/** One of the account's passkeys: the browser asks for it, the server checks its answer. */
function PasskeyForm(props: Pick<SecondFactorStepProps, 'onSignedIn' | 'onExpired'>) {
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    setError('');
    let answer;
    try {
      answer = await askForPasskey(await accountsApi.secondStepPasskeyOptions());
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'SIGN_IN_EXPIRED') props.onExpired();
      else setError(passkeyFailureMessage(failure));
      setPending(false);
      return;
    }
    setError(await answerStep(() => accountsApi.loginSecondFactor({ method: 'passkey', answer }), props, passkeyFailureMessage));
    setPending(false);
  };
  return (
    <div className={accountsStyles.authForm}>
      <p>Use the passkey you added for Land Units. Your browser will ask for your fingerprint, face, screen lock or security key.</p>
      {/* The step was asked for by the visitor (the password they sent), so its one button takes the focus. */}
      <Button className={accountsStyles.authFormSubmit} loading={pending} onClick={() => void run()} autoFocus>
        Use passkey
      </Button>
      <FormError>{error}</FormError>
    </div>
  );
}

function CodeForm({ method, onSignedIn, onExpired }: Pick<SecondFactorStepProps, 'onSignedIn' | 'onExpired'> & { method: 'totp' | 'recovery' }) {
  const [error, setError] = useState('');
  const text = FIELDS[method];
  const form = useForm(SecondFactorLoginSchema, { method, code: '' }, async (body, { showServerErrors }) => {
    setError('');
    setError(
      await answerStep(
        () => accountsApi.loginSecondFactor(body),
        { onSignedIn, onExpired },
        (failure) => formFailureMessage(failure, showServerErrors),
      ),
    );
  });
  return (
    <form {...form.formProps} aria-labelledby="second-factor-title" className={accountsStyles.authForm}>
      <p>{text.lead}</p>
      {/* The step was asked for by the visitor (the password they sent), so its one field takes the focus. */}
      <TextField {...form.field('code')} label={text.label} hint={text.hint} {...text.input} spellCheck={false} autoCapitalize="none" autoFocus />
      <Button type="submit" className={accountsStyles.authFormSubmit} loading={form.submitting} disabled={!form.ready}>
        Confirm
      </Button>
      <FormError>{error || form.loadError}</FormError>
    </form>
  );
}

/**
 * A pointer press on the step's other buttons leaves the focus in the code field: leaving it empty
 * would show its message and move these buttons down between the press and the release.
 */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/**
 * The second step of a sign-in, in the login card after the password: a passkey, a code from the
 * authenticator app, or one of the recovery codes instead, and a way back to the password step.
 */
export function SecondFactorStep({ methods: offered, onSignedIn, onExpired, onStartAgain }: SecondFactorStepProps) {
  // A browser without WebAuthn cannot use a passkey: it is not offered there.
  const [methods] = useState(() => (passkeysSupported() ? offered : offered.filter((m) => m !== 'passkey')));
  const [method, setMethod] = useState<SecondFactorKind>(methods[0] ?? 'totp');
  const others = methods.filter((m) => m !== method);
  return (
    <section aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" className={accountsStyles.verifyTitle}>
        Confirm it’s you
      </h2>
      {method === 'passkey' ? <PasskeyForm onSignedIn={onSignedIn} onExpired={onExpired} /> : <CodeForm key={method} method={method} onSignedIn={onSignedIn} onExpired={onExpired} />}
      <div className={accountsStyles.authFormAside}>
        {others.map((other) => (
          <Button key={other} variant="ghost" size="sm" onMouseDown={keepFocus} onClick={() => setMethod(other)}>
            {SWITCH_TO[other]}
          </Button>
        ))}
        <Button variant="ghost" size="sm" onMouseDown={keepFocus} onClick={onStartAgain}>
          Start again
        </Button>
      </div>
    </section>
  );
}
