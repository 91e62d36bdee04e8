import { ADMIN_ROLE_HINTS, ADMIN_ROLE_LABELS, AcceptInvitationFormSchema, INVITATION_LIFETIME_HOURS, MESSAGES, formatDateTime } from '@landunits/domain';
import type { InvitationView } from '@landunits/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { useForm } from '../../shared/lib/use-form';
import { useQueryParam } from '../../shared/lib/use-query-param';
import { refreshSession } from '../../shared/session/session-actions';
import { Button } from '../../shared/ui/button';
import { Spinner } from '../../shared/ui/spinner';
import { TextField } from '../../shared/ui/text-field';
import { TokenGate } from '../../shared/ui/token-gate';
import { accountsApi } from './accounts-api';
import { AuthPage, FormError } from './auth-page';
import * as accountsStyles from './accounts.module.css';

const PASSWORD_HINT = 'At least 8 characters, with an uppercase letter and a number.';
const COOKIES_OFF = 'You joined, but your browser did not keep the sign-in. Allow cookies for this site, then log in.';

/** The link is unknown, used, cancelled or older than 72 hours. */
function InvalidInvitation({ message }: { message: string }) {
  return (
    <section className={accountsStyles.problem} aria-labelledby="invitation-invalid-title">
      <h2 id="invitation-invalid-title" className={accountsStyles.problemTitle}>
        This invitation link does not work
      </h2>
      <p role="alert">{message}</p>
      <p className="muted">
        Invitation links work once, for {INVITATION_LIFETIME_HOURS} hours, and only the newest one counts. Ask the owner who invited you to send a new one. If you already chose your password, log in.
      </p>
      <p className={accountsStyles.authFormAside}>
        <Link to="/login">Log in</Link>
      </p>
    </section>
  );
}

function AcceptForm({ token, invitation }: { token: string; invitation: InvitationView }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const form = useForm(AcceptInvitationFormSchema, { firstName: '', lastName: '', password: '', confirmPassword: '' }, async (values, { showServerErrors }) => {
    setError('');
    try {
      const answer = await accountsApi.acceptInvitation(token, { firstName: values.firstName, ...(values.lastName ? { lastName: values.lastName } : {}), password: values.password });
      const session = await refreshSession(client);
      if (!session) return setError(COOKIES_OFF);
      navigate(answer.redirectTo, { replace: true });
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.errors).length) {
        setError([failure.message, ...showServerErrors(failure.errors)].join(' '));
        return;
      }
      setError(errorMessage(failure));
    }
  });
  const role = invitation.role;
  return (
    <>
      <dl className={accountsStyles.invitationFacts}>
        <dt>Email</dt>
        <dd>{invitation.email}</dd>
        <dt>Role</dt>
        <dd>
          {ADMIN_ROLE_LABELS[role]}
          <span className={accountsStyles.invitationFactsHint}>{ADMIN_ROLE_HINTS[role]}</span>
        </dd>
        <dt>Link valid until</dt>
        <dd>{formatDateTime(invitation.expiresAt)}</dd>
      </dl>
      <form {...form.formProps} aria-label="Join the administration" className={accountsStyles.authForm}>
        <TextField {...form.field('firstName')} label="First name" autoComplete="given-name" />
        <TextField {...form.field('lastName')} label="Last name (optional)" autoComplete="family-name" />
        <TextField {...form.field('password')} label="Password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
        <TextField {...form.field('confirmPassword')} label="Confirm password" type="password" autoComplete="new-password" />
        <Button type="submit" className={accountsStyles.authFormSubmit} loading={form.submitting}>
          Join and sign in
        </Button>
        <FormError>{error}</FormError>
      </form>
    </>
  );
}

/** /account/admin-invitation?token=…: checks the invitation, then asks for a name and password and signs the new admin in. */
export function AcceptInvitationPage() {
  const token = useQueryParam('token') ?? '';
  return (
    <AuthPage title="Join the Land Units administration" lead="Choose your name and password. You are signed in as soon as you join.">
      <TokenGate
        token={token}
        queryKey={['accounts', 'admin-invitation', token]}
        check={accountsApi.checkInvitation}
        noTokenMessage={MESSAGES.tokenInvalid}
        checking={
          <div className={accountsStyles.authProgress}>
            <Spinner label="Checking your invitation…" showLabel />
          </div>
        }
        invalid={(message) => <InvalidInvitation message={message} />}
      >
        {(invitation) => <AcceptForm token={token} invitation={invitation} />}
      </TokenGate>
    </AuthPage>
  );
}
