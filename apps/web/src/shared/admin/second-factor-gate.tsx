import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../api/api-error';
import { Button, buttonClassName } from '../ui/button';
import { ErrorState } from '../ui/error-state';

/** What every admin route answers while the admin's session has not passed an authenticator code. */
const SECOND_FACTOR_REQUIRED = 'SECOND_FACTOR_REQUIRED';

export interface SecondFactorNeeded {
  /** The server's words. */
  message: string;
  /** A mutation was refused: the page stays under the panel. */
  keepPage: boolean;
}

const isSecondFactorRequired = (error: unknown): error is Error => isApiError(error) && error.code === SECOND_FACTOR_REQUIRED;

/**
 * What the current admin page should show when one of its queries or mutations answered
 * SECOND_FACTOR_REQUIRED, else null. Every admin page asks through the query client, so watching
 * its caches here covers them all. A failed query leaves the page nothing to show, so the panel
 * takes its place; a failed mutation keeps the page (and what was typed in it) under the panel.
 * A new address (another section, or coming back after setting the app up) clears it and lets the
 * page try again.
 */
export function useSecondFactorRequired(pathname: string): [needed: SecondFactorNeeded | null, retry: () => void] {
  const client = useQueryClient();
  const [blocked, setBlocked] = useState<(SecondFactorNeeded & { pathname: string }) | null>(null);
  const path = useRef(pathname);
  useLayoutEffect(() => {
    path.current = pathname;
  }, [pathname]);

  useEffect(() => {
    const seen = (error: unknown, keepPage: boolean) => {
      if (isSecondFactorRequired(error)) setBlocked({ pathname: path.current, message: error.message, keepPage });
    };
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') seen(event.action.error, false);
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') seen(event.action.error, true);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client]);

  return [blocked?.pathname === pathname ? { message: blocked.message, keepPage: blocked.keepPage } : null, () => setBlocked(null)];
}

/** Shown instead of an admin page whose calls need a session confirmed with a passkey or an authenticator app. */
export function SecondFactorPanel({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ErrorState
      titleId="second-factor-needed-title"
      title="Confirm your sign-in with a passkey or an authenticator app"
      message={message}
      actions={
        <>
          <Link to="/dashboard/settings/security" className={buttonClassName('primary')}>
            Set up a passkey or an authenticator app
          </Link>
          <Button variant="ghost" onClick={onRetry}>
            Try again
          </Button>
        </>
      }
    />
  );
}
