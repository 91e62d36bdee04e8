import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../api/api-error';

/**
 * A button's call to an endpoint that answers `{message}`: one call at a time, a pending flag for
 * the busy state, and the failure's message for the form's error line.
 */
export function useMessageAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const busy = useRef(false);

  const run = useCallback(async (call: () => Promise<{ message: string }>, done: (message: string) => void) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setError('');
    try {
      done((await call()).message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);

  return { run, pending, error };
}
