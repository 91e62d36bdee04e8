import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { forgetSession } from '../../shared/session/session-actions';
import { Button } from '../../shared/ui/button';
import { Spinner } from '../../shared/ui/spinner';
import { accountsApi } from './accounts-api';
import { AuthPage, FormError } from './auth-page';
import * as accountsStyles from './accounts.module.css';

/** One logout request at a time, shared by React's StrictMode double effects. */
let pending: Promise<void> | null = null;

function logOutOnce(request: () => Promise<unknown>): Promise<void> {
  pending ??= request()
    .then(
      () => undefined,
      (error: unknown) => {
        // Already signed out on the server: nothing more to do.
        if (isApiError(error) && error.status === 401) return;
        throw error;
      },
    )
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * /logout: signs out on the server, forgets the session here (the header turns to its signed-out
 * links without a reload) and goes to /login.
 */
export function LogoutPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    logOutOnce(accountsApi.logout).then(
      () => {
        if (!active) return;
        navigate('/login', { replace: true });
        forgetSession(client);
      },
      (failure: unknown) => {
        if (active) setError(errorMessage(failure));
      },
    );
    return () => {
      active = false;
    };
  }, [attempt, client, navigate]);

  if (error) {
    return (
      <AuthPage title="We could not sign you out">
        <FormError>{error}</FormError>
        <div className={accountsStyles.authActions}>
          <Button
            onClick={() => {
              setError('');
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </Button>
          <Link to="/dashboard">Back to your dashboard</Link>
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage title="Signing you out…">
      <Spinner label="Please wait" />
    </AuthPage>
  );
}
