import { useState } from 'react';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { percentOf, type UploadProgress } from '../../shared/api/upload';
import { useApplyAnswer, type SavedAnswer } from './verification-api';

type Send = (body: FormData, onProgress: (progress: UploadProgress) => void) => Promise<SavedAnswer>;

/**
 * Sends a verification form with its files: the share sent while uploading, the server's message
 * once saved, and its field errors handed to the form (what the form cannot place is said above
 * the buttons).
 */
export function useSender(send: Send) {
  const [percent, setPercent] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const apply = useApplyAnswer();

  const run = async (body: FormData, placeFieldErrors: (errors: Readonly<Record<string, string>>) => readonly string[], onSaved: () => void) => {
    setPercent(0);
    setError('');
    setMessage('');
    try {
      const answer = await send(body, (progress) => setPercent(percentOf(progress)));
      apply(answer);
      setMessage(answer.message);
      onSaved();
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.errors).length) {
        const rest = placeFieldErrors(failure.errors);
        setError([failure.message, ...rest].join(' '));
      } else {
        setError(errorMessage(failure));
      }
    } finally {
      setPercent(null);
    }
  };

  return { percent, busy: percent !== null, message, error, run };
}
