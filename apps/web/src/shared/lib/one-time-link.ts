import { useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../api/api-error';

/**
 * One call per key per page load, whatever React does with effects (StrictMode runs them twice in
 * development): for links that work once, such as confirmation tokens. `forget` lets a retry
 * after a network failure call again.
 */
export function oncePerKey<T>(call: (key: string) => Promise<T>) {
  const attempts = new Map<string, Promise<T>>();
  return {
    run(key: string): Promise<T> {
      let attempt = attempts.get(key);
      if (!attempt) {
        attempt = call(key);
        attempts.set(key, attempt);
      }
      return attempt;
    },
    forget(key: string): void {
      attempts.delete(key);
    },
  };
}

export type OncePerKey<T> = ReturnType<typeof oncePerKey<T>>;

export type LinkCheckState = { status: 'checking' } | { status: 'confirmed'; message: string } | { status: 'failed'; message: string; retryable: boolean };

/**
 * Checks the token of a one-time email link once the page is live (an effect, never while the
 * server renders), with a state for each outcome and a retry for failures that may pass.
 * `onConfirmed` runs after the confirmed state is set; `isActive` turns false once the page has
 * moved on.
 */
export function useLinkCheck<T extends { message: string }>(
  token: string,
  checks: OncePerKey<T>,
  options: { noTokenMessage: string; onConfirmed?: (answer: T, isActive: () => boolean) => Promise<void> | void },
) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LinkCheckState>(() => (token ? { status: 'checking' } : { status: 'failed', message: options.noTokenMessage, retryable: false }));
  const onConfirmed = useRef(options.onConfirmed);
  useEffect(() => {
    onConfirmed.current = options.onConfirmed;
  });

  useEffect(() => {
    if (!token) return;
    let active = true;
    checks
      .run(token)
      .then(async (answer) => {
        if (!active) return;
        setState({ status: 'confirmed', message: answer.message });
        await onConfirmed.current?.(answer, () => active);
      })
      .catch((failure: unknown) => {
        if (!active) return;
        // A refused link stays refused; a lost connection or a server fault may be tried again.
        const retryable = !(isApiError(failure) && failure.status < 500);
        setState({ status: 'failed', message: errorMessage(failure), retryable });
      });
    return () => {
      active = false;
    };
  }, [token, attempt, checks]);

  const retry = () => {
    checks.forget(token);
    setState({ status: 'checking' });
    setAttempt((n) => n + 1);
  };
  return { state, retry };
}
