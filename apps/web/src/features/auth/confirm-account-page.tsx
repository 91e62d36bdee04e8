import { EmailOnlySchema, MESSAGES, safeNext } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { oncePerKey, useLinkCheck } from '../../shared/lib/one-time-link';
import { hubspotMetaData } from '../../shared/lib/tracking-meta';
import { useQueryParam } from '../../shared/lib/use-query-param';
import { refreshSession } from '../../shared/session/session-actions';
import { Button, buttonClassName } from '../../shared/ui/button';
import { Spinner } from '../../shared/ui/spinner';
import { EMAIL_INPUT, TextField } from '../../shared/ui/text-field';
import { accountsApi } from './accounts-api';
import { AuthPage, FormError, FormStatus } from './auth-page';
import * as accountsStyles from './accounts.module.css';

/** A confirmation token works once, so each token is posted once per page load. */
const confirmations = oncePerKey((token) => accountsApi.confirm(token, hubspotMetaData()));

/** Asks for the address and sends a new confirmation link. */
function ResendLink() {
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');
  const form = useForm(EmailOnlySchema, { email: '' }, async ({ email }) => {
    setError('');
    try {
      setSent((await accountsApi.resendConfirmation(email)).message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  });
  return (
    <form {...form.formProps} aria-labelledby="resend-title" className={`${accountsStyles.authForm} ${accountsStyles.resendForm}`}>
      <h2 id="resend-title" className={accountsStyles.resendFormTitle}>
        Send me a new link
      </h2>
      <TextField {...form.field('email')} label="Email" {...EMAIL_INPUT} />
      <Button type="submit" variant="secondary" className={accountsStyles.resendFormSubmit} loading={form.submitting}>
        Resend the confirmation email
      </Button>
      <FormStatus>{sent}</FormStatus>
      <FormError>{error}</FormError>
    </form>
  );
}

/**
 * /account/confirm?token=…: confirms the address from the email link, which also signs the visitor
 * in, then goes on to where the API says (/dashboard/settings the first time).
 */
export function ConfirmAccountPage() {
  const token = useQueryParam('token') ?? '';
  const client = useQueryClient();
  const navigate = useNavigate();
  const { state, retry } = useLinkCheck(token, confirmations, {
    noTokenMessage: MESSAGES.tokenInvalid,
    onConfirmed: async (answer, isActive) => {
      await refreshSession(client);
      if (isActive()) navigate(safeNext(answer.redirectTo, '/dashboard'), { replace: true, state: { firstLogin: answer.user.firstLogin } });
    },
  });

  if (state.status === 'failed') {
    return (
      <AuthPage title="We could not confirm your account">
        <section className={accountsStyles.problem} aria-labelledby="confirm-failed-title">
          <h2 id="confirm-failed-title" className={accountsStyles.problemTitle}>
            This confirmation link does not work
          </h2>
          <p role="alert">{state.message}</p>
          <p className="muted">Links work once, for 12 hours, and only the newest one counts. Ask for a new link below, or register again.</p>
          <div className={accountsStyles.authActions}>
            {state.retryable ? <Button onClick={retry}>Try again</Button> : null}
            <Link to="/register" className={buttonClassName(state.retryable ? 'ghost' : 'primary')}>
              Register again
            </Link>
          </div>
        </section>
        <ResendLink />
      </AuthPage>
    );
  }

  return (
    <AuthPage title="Confirming your account">
      <div className={accountsStyles.authProgress}>
        {state.status === 'confirmed' ? (
          <p role="status" className={`${accountsStyles.formMessage} ${accountsStyles.formMessageSuccess}`}>
            {state.message} Taking you to your account…
          </p>
        ) : (
          <Spinner label="Confirming your email address…" showLabel />
        )}
      </div>
    </AuthPage>
  );
}
