import { EmailOnlySchema } from '@landunits/domain';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { Button, buttonClassName } from '../../shared/ui/button';
import { EMAIL_INPUT, TextField } from '../../shared/ui/text-field';
import { accountsApi } from './accounts-api';
import { AuthPage, FormError, FormStatus } from './auth-page';
import * as accountsStyles from './accounts.module.css';

/** After the request: the server's answer (the same for every address) is in the status above. */
function SentPanel({ onAgain }: { onAgain: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="forgot-sent-title">
      <h2 id="forgot-sent-title" ref={headingRef} tabIndex={-1} className={accountsStyles.donePanelTitle}>
        Check your email
      </h2>
      <p className="muted">The link works for one hour. Nothing arrived? Check your spam folder or ask again.</p>
      <div className={accountsStyles.authActions}>
        <Link to="/login" className={buttonClassName('primary')}>
          Back to log in
        </Link>
        <Button variant="ghost" onClick={onAgain}>
          Send another link
        </Button>
      </div>
    </section>
  );
}

/** /login-forgot: asks for a password reset link. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');
  const [askAgain, setAskAgain] = useState(0);
  const form = useForm(EmailOnlySchema, { email: '' }, async ({ email }, { showServerErrors }) => {
    setError('');
    try {
      setSent((await accountsApi.forgotPassword(email)).message);
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.errors).length) {
        setError([failure.message, ...showServerErrors(failure.errors)].join(' '));
      } else {
        setError(errorMessage(failure));
      }
    }
  });

  const emailRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (askAgain) emailRef.current?.focus();
  }, [askAgain]);

  return (
    <AuthPage
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
      links={
        <ul className={accountsStyles.authLinkList}>
          <li>
            Remembered it? <Link to="/login">Log in</Link>
          </li>
        </ul>
      }
    >
      {/* The same answer for every address, so nobody learns who has an account. */}
      <FormStatus>{sent}</FormStatus>
      {sent ? (
        <SentPanel
          onAgain={() => {
            setSent('');
            setAskAgain((n) => n + 1);
          }}
        />
      ) : (
        <form {...form.formProps} aria-label="Forgot your password?" className={accountsStyles.authForm}>
          <TextField {...form.field('email')} ref={emailRef} label="Email" {...EMAIL_INPUT} />
          <Button type="submit" className={accountsStyles.authFormSubmit} loading={form.submitting}>
            Send the reset link
          </Button>
          <FormError>{error}</FormError>
        </form>
      )}
    </AuthPage>
  );
}
