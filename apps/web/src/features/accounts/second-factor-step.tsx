import { SecondFactorLoginSchema, type SecondFactorKind } from '@landunits/domain';
import { useState, type MouseEvent } from 'react';
import { formFailureMessage, isApiError } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/text-field';
import { accountsApi, type SignInAnswer } from './accounts-api';
import { FormError } from './auth-page';

const FIELDS = {
  totp: {
    label: 'Authenticator code',
    hint: 'The 6 digits your authenticator app shows for Land Units now.',
    input: { inputMode: 'numeric', autoComplete: 'one-time-code' },
    lead: 'Open your authenticator app and enter the code it shows for Land Units.',
    switchTo: 'Use your authenticator app instead',
  },
  recovery: {
    label: 'Recovery code',
    hint: 'For example abcd-efgh-jkmn-pqrs. Each code works once.',
    input: { autoComplete: 'off' },
    lead: 'Enter one of the recovery codes you saved when you set up your authenticator app.',
    switchTo: 'Use a recovery code instead',
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

function CodeForm({ method, onSignedIn, onExpired }: Pick<SecondFactorStepProps, 'onSignedIn' | 'onExpired'> & { method: SecondFactorKind }) {
  const [error, setError] = useState('');
  const text = FIELDS[method];
  const form = useForm(SecondFactorLoginSchema, { method, code: '' }, async (body, { showServerErrors }) => {
    setError('');
    try {
      setError(await onSignedIn(await accountsApi.loginSecondFactor(body)));
    } catch (failure) {
      // The second step timed out or ended: the password step comes back.
      if (isApiError(failure) && failure.code === 'SIGN_IN_EXPIRED') {
        onExpired();
        return;
      }
      setError(formFailureMessage(failure, showServerErrors));
    }
  });
  return (
    <form {...form.formProps} aria-labelledby="second-factor-title" className="auth-form">
      <p>{text.lead}</p>
      {/* The step was asked for by the visitor (the password they sent), so its one field takes the focus. */}
      <TextField {...form.field('code')} label={text.label} hint={text.hint} {...text.input} spellCheck={false} autoCapitalize="none" autoFocus />
      <Button type="submit" className="auth-form__submit" loading={form.submitting} disabled={!form.ready}>
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
 * The second step of a sign-in, in the login card after the password: a code from the
 * authenticator app, or one of the recovery codes instead, and a way back to the password step.
 */
export function SecondFactorStep({ methods, onSignedIn, onExpired, onStartAgain }: SecondFactorStepProps) {
  const [method, setMethod] = useState<SecondFactorKind>(methods.includes('totp') ? 'totp' : (methods[0] ?? 'totp'));
  const other: SecondFactorKind = method === 'totp' ? 'recovery' : 'totp';
  return (
    <section aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" className="verify__title">
        Confirm it’s you
      </h2>
      <CodeForm key={method} method={method} onSignedIn={onSignedIn} onExpired={onExpired} />
      <div className="auth-form__aside">
        {methods.includes(other) ? (
          <Button variant="ghost" size="sm" onMouseDown={keepFocus} onClick={() => setMethod(other)}>
            {FIELDS[other].switchTo}
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onMouseDown={keepFocus} onClick={onStartAgain}>
          Start again
        </Button>
      </div>
    </section>
  );
}
