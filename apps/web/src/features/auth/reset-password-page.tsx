import { MESSAGES, ResetPasswordFormSchema } from '@landunits/domain';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { useQueryParam } from '../../shared/lib/use-query-param';
import { Button, buttonClassName } from '../../shared/ui/button';
import { Spinner } from '../../shared/ui/spinner';
import { TextField } from '../../shared/ui/text-field';
import { TokenGate } from '../../shared/ui/token-gate';
import { accountsApi } from './accounts-api';
import { AuthPage, FormError, FormStatus } from './auth-page';
import * as accountsStyles from './accounts.module.css';

const PASSWORD_HINT = 'At least 6 characters, with at least one letter and one number.';

/** The link is unknown, used or older than an hour. */
function InvalidLink({ message }: { message: string }) {
  return (
    <section className={accountsStyles.problem} aria-labelledby="reset-invalid-title">
      <h2 id="reset-invalid-title" className={accountsStyles.problemTitle}>
        This reset link does not work
      </h2>
      <p role="alert">{message}</p>
      <p className="muted">Reset links work once, for one hour. Ask for a new one and use the newest email.</p>
      <div className={accountsStyles.authActions}>
        <Link to="/login-forgot" className={buttonClassName('primary')}>
          Get a new reset link
        </Link>
      </div>
    </section>
  );
}

function Done() {
  const linkRef = useRef<HTMLAnchorElement>(null);
  useLayoutEffect(() => linkRef.current?.focus(), []);
  return (
    <div className={accountsStyles.authActions}>
      <Link ref={linkRef} to="/login" className={buttonClassName('primary')}>
        Log in
      </Link>
    </div>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [expired, setExpired] = useState(false);
  const form = useForm(ResetPasswordFormSchema, { password: '', confirmPassword: '' }, async ({ password }, { showServerErrors }) => {
    setError('');
    setExpired(false);
    try {
      setDone((await accountsApi.resetPassword(token, password)).message);
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.errors).length) {
        setError([failure.message, ...showServerErrors(failure.errors)].join(' '));
        return;
      }
      setError(errorMessage(failure));
      setExpired(isApiError(failure) && failure.status === 400);
    }
  });

  return (
    <>
      <FormStatus>{done}</FormStatus>
      {done ? (
        <Done />
      ) : (
        <form {...form.formProps} aria-label="Choose a new password" className={accountsStyles.authForm}>
          <TextField {...form.field('password')} label="New password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
          <TextField {...form.field('confirmPassword')} label="Confirm new password" type="password" autoComplete="new-password" />
          <Button type="submit" className={accountsStyles.authFormSubmit} loading={form.submitting}>
            Save the new password
          </Button>
          <FormError>{error}</FormError>
          {expired ? (
            <p className={accountsStyles.authFormAside}>
              <Link to="/login-forgot">Get a new reset link</Link>
            </p>
          ) : null}
        </form>
      )}
    </>
  );
}

/** /login/reset?token=…: checks the link first, then asks for the new password. */
export function ResetPasswordPage() {
  const token = useQueryParam('token') ?? '';
  return (
    <AuthPage
      title="Choose a new password"
      lead="Choose a new password for your Land Units account. Saving it signs you out on every device."
      links={
        <ul className={accountsStyles.authLinkList}>
          <li>
            <Link to="/login">Back to log in</Link>
          </li>
        </ul>
      }
    >
      <TokenGate
        token={token}
        queryKey={['accounts', 'reset-token', token]}
        check={accountsApi.checkResetToken}
        noTokenMessage={MESSAGES.tokenInvalid}
        checking={
          <div className={accountsStyles.authProgress}>
            <Spinner label="Checking your reset link…" showLabel />
          </div>
        }
        invalid={(message) => <InvalidLink message={message} />}
      >
        {() => <NewPasswordForm token={token} />}
      </TokenGate>
    </AuthPage>
  );
}
