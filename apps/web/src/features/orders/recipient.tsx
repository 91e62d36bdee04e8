import { EmailSchema, ORDER_MESSAGES } from '@landunits/domain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/api/api-error';
import { Button } from '../../shared/ui/button';
import { EMAIL_INPUT, TextField } from '../../shared/ui/text-field';
import { recipientQuery } from './orders-api';
import * as styles from './orders.module.css';

/** How long typing must pause before the address is looked up. */
export const LOOKUP_DELAY_MS = 500;

/** The address as the API will read it (trimmed, lower case), or null while it is not a valid email. */
export function normalizeEmail(raw: string): string | null {
  const parsed = EmailSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export type RecipientStatus = { kind: 'idle' } | { kind: 'checking' } | { kind: 'found'; name: string } | { kind: 'notFound' } | { kind: 'failed'; message: string };

/**
 * Looks up who a typed address belongs to (GET /user/getUserNameByEmail), once typing pauses or the
 * field is left, and never for the user's own address. Answers are cached per address.
 */
export function useRecipientLookup(raw: string, ownEmail: string) {
  const email = normalizeEmail(raw);
  const eligible = email !== null && email !== ownEmail ? email : null;
  const [settled, setSettled] = useState<string | null>(null);

  useEffect(() => {
    if (!eligible) return;
    const timer = window.setTimeout(() => setSettled(eligible), LOOKUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [eligible]);

  const active = eligible !== null && settled === eligible;
  // Keyed by the address typed so far: an answer cached by the review's check shows at once.
  const query = useQuery({ ...recipientQuery(eligible ?? ''), enabled: active });

  let status: RecipientStatus = { kind: 'idle' };
  if (eligible !== null && query.data) status = query.data.found ? { kind: 'found', name: query.data.name } : { kind: 'notFound' };
  else if (active && query.isError) status = { kind: 'failed', message: errorMessage(query.error) };
  else if (active) status = { kind: 'checking' };

  return {
    email: eligible,
    status,
    /** The field was left: look up now, without waiting. */
    commit: () => {
      if (eligible) setSettled(eligible);
    },
    retry: () => void query.refetch(),
  };
}

export type RecipientLookup = ReturnType<typeof useRecipientLookup>;

/**
 * For the review step: whether the address belongs to a Land Units user, asked now unless the
 * answer is cached. Resolves with the message for the field, or null when the recipient exists.
 */
export async function checkRecipient(client: QueryClient, value: string): Promise<string | null> {
  const address = normalizeEmail(value);
  if (address === null) return null;
  try {
    const answer = await client.fetchQuery(recipientQuery(address));
    return answer.found ? null : ORDER_MESSAGES.noSuchRecipient;
  } catch (failure) {
    return `We could not check this address: ${errorMessage(failure)}`;
  }
}

export interface RecipientFieldProps {
  lookup: RecipientLookup;
  value: string;
  /** The form's message for the field (required, invalid, your own address…). */
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
}

/** The recipient's email, with the name of the Land Units user it belongs to once known. */
export function RecipientField({ lookup, value, error, onChange, onBlur }: RecipientFieldProps) {
  const { status } = lookup;
  const shownError = error ?? (status.kind === 'notFound' ? ORDER_MESSAGES.noSuchRecipient : undefined);
  return (
    <div className={styles.recipient}>
      <TextField
        {...EMAIL_INPUT}
        autoComplete="off"
        name="recipientEmail"
        label="Recipient's email"
        hint="The email address of the Land Units account that receives the Units."
        className={styles.recipientField}
        value={value}
        error={shownError}
        onChange={onChange}
        onBlur={() => {
          onBlur();
          lookup.commit();
        }}
      />
      <div role="status" className={styles.recipientStatus}>
        {status.kind === 'checking' ? <span className="muted">Checking the recipient…</span> : null}
        {status.kind === 'found' && !error ? (
          <span className={styles.recipientFound}>
            Recipient: <strong>{status.name}</strong>
          </span>
        ) : null}
      </div>
      {status.kind === 'failed' ? (
        <div className={styles.recipientFailed}>
          <p>We could not check this address: {status.message}</p>
          <Button variant="secondary" size="sm" onClick={lookup.retry}>
            Check again
          </Button>
        </div>
      ) : null}
    </div>
  );
}
