import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../api/api-error';

/**
 * A button's call to an endpoint that answers `{message}`: one call at a time, a pending flag for
 * the busy state, and the failure's message for the form's error line. `done` gets the message
 * and the whole answer.
 */
export function useMessageAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const busy = useRef(false);

  const run = useCallback(async <T extends { message: string }>(call: () => Promise<T>, done: (message: string, answer: T) => void) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setError('');
    try {
      const answer = await call();
      done(answer.message, answer);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);

  return { run, pending, error };
}
