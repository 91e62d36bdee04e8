import { useCallback, useRef, useState } from 'react';
import { ApiError, NetworkError } from '../api/api-error';

/**
 * Idempotency keys of the order calls (docs/api/orders.md): one key per form submission, sent as
 * the `Idempotency-Key` header. A retry of the same submission (after a network error, a 5xx or a
 * 429) sends the same key and the same body, so the server answers the first result instead of
 * placing a second order. A definite answer (success or a 4xx refusal) or an edit of the form ends
 * the submission: the next one gets a new key.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** 8–100 of `A-Za-z0-9_.:-`: a UUID (36 characters) fits. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  // randomUUID exists only in secure contexts; getRandomValues everywhere.
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether the request may have had no effect yet, so retrying it with the same key is right. */
export function isRetryableFailure(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429;
  return false;
}

export interface IdempotentSubmit<Body, Answer> {
  /**
   * Sends `body` under the current submission's key, starting a submission when none is open. While
   * a submission is open (its last try failed in a retryable way) the body it started with is sent
   * again, byte for byte, whatever `body` is now.
   */
  send: (body: Body) => Promise<Answer>;
  /** Ends the open submission: call it when the user edits what would be sent. */
  reset: () => void;
  /** True while a request is in flight. */
  pending: boolean;
}

export function useIdempotentSubmit<Body, Answer>(request: (body: Body, idempotencyKey: string) => Promise<Answer>): IdempotentSubmit<Body, Answer> {
  const open = useRef<{ key: string; body: Body } | null>(null);
  const [pending, setPending] = useState(false);

  const send = useCallback(
    async (body: Body): Promise<Answer> => {
      open.current ??= { key: newIdempotencyKey(), body };
      const submission = open.current;
      setPending(true);
      try {
        const answer = await request(submission.body, submission.key);
        if (open.current === submission) open.current = null;
        return answer;
      } catch (error) {
        if (!isRetryableFailure(error) && open.current === submission) open.current = null;
        throw error;
      } finally {
        setPending(false);
      }
    },
    [request],
  );

  const reset = useCallback(() => {
    open.current = null;
  }, []);

  return { send, reset, pending };
}
