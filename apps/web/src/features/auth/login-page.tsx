import { LoginSchema, SECURITY_MESSAGES, type SecondFactorKind } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { useMessageAction } from '../../shared/lib/use-message-action';
import { askForPasskey, passkeyFailureMessage, passkeysSupported } from '../../shared/lib/passkeys';
import { useQueryParam } from '../../shared/lib/use-query-param';
import { refreshSession } from '../../shared/session/session-actions';
import { Button } from '../../shared/ui/button';
import { EMAIL_INPUT, TextField } from '../../shared/ui/text-field';
import { accountsApi, type SignInAnswer } from './accounts-api';
import { AuthPage, FormError, FormStatus } from './auth-page';
import { sameSiteNext } from './next-path';
import { SecondFactorStep } from './second-factor-step';
import * as accountsStyles from './accounts.module.css';

const COOKIES_BLOCKED = 'You are signed in, but your browser did not keep the session. Please allow cookies for this site and try again.';

/** Offered after a 403 "Please verify your email address first": sends the confirmation email again. */
function ResendConfirmation({ email }: { email: string }) {
  const [message, setMessage] = useState('');
  const action = useMessageAction();

  return (
    <div className={accountsStyles.authFormAside}>
      <Button variant="ghost" size="sm" loading={action.pending} onClick={() => void action.run(() => accountsApi.resendConfirmation(email.trim()), setMessage)}>
        Send the verification email again
      </Button>
      <FormStatus>{message}</FormStatus>
      <FormError>{action.error}</FormError>
    </div>
  );
}

/**
 * Signing in with a passkey alone: the browser offers the person's passkeys for this site (a
 * passkey holds the account and verifies the person, so no password is asked).
 */
function PasskeySignIn({ onSignedIn }: { onSignedIn: (answer: SignInAnswer) => Promise<string> }) {
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  if (!passkeysSupported()) return null;
  const run = async () => {
    setPending(true);
    setError('');
    try {
      const answer = await askForPasskey(await accountsApi.passkeyOptions());
      setError(await onSignedIn(await accountsApi.passkeyLogin({ answer })));
    } catch (failure) {
      setError(passkeyFailureMessage(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className={accountsStyles.authFormPasskey}>
      <p className={accountsStyles.authFormOr}>or</p>
      <Button variant="secondary" className={accountsStyles.authFormSubmit} loading={pending} onClick={() => void run()}>
        Sign in with a passkey
      </Button>
      <FormError>{error}</FormError>
    </div>
  );
}

interface PasswordStepProps {
  /** The email of an earlier attempt (back from the second step), kept. */
  email: string;
  /** Why the visitor is back at this step (the second step timed out). */
  notice: string;
  onSecondFactor: (email: string, methods: readonly SecondFactorKind[]) => void;
  onSignedIn: (answer: SignInAnswer) => Promise<string>;
}

function PasswordStep({ email, notice, onSecondFactor, onSignedIn }: PasswordStepProps) {
  const [error, setError] = useState(notice);
  const [unverified, setUnverified] = useState(false);

  const form = useForm(LoginSchema, { email, password: '' }, async (credentials, { showServerErrors }) => {
    setError('');
    setUnverified(false);
    try {
      const answer = await accountsApi.login(credentials);
      if ('secondFactor' in answer) {
        onSecondFactor(credentials.email, answer.secondFactor.methods);
        return;
      }
      setError(await onSignedIn(answer));
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.errors).length) {
        setError([failure.message, ...showServerErrors(failure.errors)].join(' '));
        return;
      }
      setError(errorMessage(failure));
      // Only an unconfirmed account is offered the email again (a disabled one answers ACCOUNT_DISABLED).
      setUnverified(isApiError(failure) && failure.status === 403 && failure.code === 'FORBIDDEN');
    }
  });

  return (
    <form {...form.formProps} aria-label="Log in" className={accountsStyles.authForm}>
      <TextField {...form.field('email')} label="Email" {...EMAIL_INPUT} autoComplete="username" />
      {/* Back from the second step with the email kept: the password is what is left to type. */}
      <TextField {...form.field('password')} label="Password" type="password" autoComplete="current-password" autoFocus={email !== ''} />
      <p className={accountsStyles.authFormForgot}>
        <Link to="/login-forgot">Forgot your password?</Link>
      </p>
      <Button type="submit" className={accountsStyles.authFormSubmit} loading={form.submitting}>
        Log in
      </Button>
      <FormError>{error}</FormError>
      {unverified ? <ResendConfirmation email={form.values.email} /> : null}
    </form>
  );
}

function PasswordOrPasskey(props: PasswordStepProps) {
  return (
    <>
      <PasswordStep {...props} />
      <PasskeySignIn onSignedIn={props.onSignedIn} />
    </>
  );
}

type Step = { kind: 'password'; email: string; notice: string } | { kind: 'second'; email: string; methods: readonly SecondFactorKind[] };

/**
 * /login. With a password, or with a passkey alone. An account with a passkey or an authenticator
 * app is asked for it (or a recovery code) after its password, in the same card. On success the session is asked again (header, guards), then the
 * visitor goes to `next` when it is a path of this site, else to the API's landing page
 * (/dashboard/settings the first time, /dashboard afterwards).
 */
export function LoginPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const next = useQueryParam('next');
  const [step, setStep] = useState<Step>({ kind: 'password', email: '', notice: '' });

  const finish = async (answer: SignInAnswer): Promise<string> => {
    const session = await refreshSession(client);
    if (!session) return COOKIES_BLOCKED;
    navigate(sameSiteNext(next, answer.redirectTo), { replace: true, state: { firstLogin: answer.user.firstLogin } });
    return '';
  };
  const backToPassword = (notice: string) => setStep({ kind: 'password', email: step.email, notice });

  return (
    <AuthPage
      title="Log in"
      lead="Welcome back. Log in to see your Units, buy, sell and transfer."
      links={
        <ul className={accountsStyles.authLinkList}>
          <li>
            New to Land Units? <Link to="/register">Register</Link>
          </li>
        </ul>
      }
    >
      {step.kind === 'second' ? (
        <SecondFactorStep methods={step.methods} onSignedIn={finish} onExpired={() => backToPassword(SECURITY_MESSAGES.signInExpired)} onStartAgain={() => backToPassword('')} />
      ) : (
        <PasswordOrPasskey email={step.email} notice={step.notice} onSignedIn={finish} onSecondFactor={(email, methods) => setStep({ kind: 'second', email, methods })} />
      )}
    </AuthPage>
  );
}
