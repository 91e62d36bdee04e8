import { CURRENCIES, fieldErrors, formatMoney, type Currency } from '@landunits/domain';
import { AdminUserReasonSchema, PurchaseLimitOverrideSchema } from '@landunits/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { Dialog } from '../../../shared/ui/dialog';
import { Select } from '../../../shared/ui/select';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { DialogActions } from '../../../shared/admin/dialog-actions';
import { USERS_ROOT, usersApi, type AdminUserDetail, type UserAction } from './users-api';

/** What an admin is about to do on a person's page; null while no dialog is open. */
export type PendingAction = { kind: UserAction | 'reveal' } | { kind: 'limit'; currency: Currency; overrideCents: number | null };

type Errors = Partial<Record<'reason' | 'amount' | 'currency', string>>;

const WORDS: Record<UserAction | 'reveal', { title: string; button: string; intro: string; danger?: boolean }> = {
  reveal: {
    title: 'Reveal personal data?',
    button: 'Reveal',
    intro: 'The unmasked details are shown on this page until you leave or reload it. The reveal and your reason are recorded in the audit log.',
  },
  disable: {
    title: 'Disable this account?',
    button: 'Disable account',
    intro: 'Every session of this account ends now. The person cannot log in, and transfers to them are refused; scheduled transfers to them fail and go back to their senders.',
    danger: true,
  },
  enable: { title: 'Enable this account again?', button: 'Enable account', intro: 'The person can log in and receive Units again.' },
  'resend-confirmation': {
    title: 'Resend the confirmation email?',
    button: 'Send the email',
    intro: 'A new link is emailed to the account’s address; the earlier link stops working. The link lasts 12 hours.',
  },
};

/** The reason field every action has (kept in the audit log). */
function ReasonField({ value, error, onChange, autoFocus }: { value: string; error?: string | undefined; onChange: (v: string) => void; autoFocus?: boolean }) {
  return (
    <TextArea
      name="reason"
      label="Reason"
      hint="Kept in the audit log with your name. At most 500 characters."
      value={value}
      error={error}
      rows={3}
      maxLength={600}
      data-autofocus={autoFocus ? '' : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function useSubmit(onDone: () => void) {
  const client = useQueryClient();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const run = async (send: () => Promise<{ message?: string } | AdminUserDetail>, after: (answer: unknown) => void) => {
    if (pending) return;
    setErrors({});
    setFailure(null);
    setPending(true);
    try {
      after(await send());
      void client.invalidateQueries({ queryKey: USERS_ROOT });
      onDone();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length > 0) setErrors(error.errors as Errors);
      else setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };
  return { errors, setErrors, failure, pending, run };
}

function ReasonForm({ userId, kind, onRevealed, onDone }: { userId: string; kind: UserAction | 'reveal'; onRevealed: (detail: AdminUserDetail) => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const { errors, setErrors, failure, pending, run } = useSubmit(onDone);
  const words = WORDS[kind];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = AdminUserReasonSchema.safeParse({ reason });
    if (!checked.success) return setErrors(fieldErrors(checked.error) as Errors);
    void run(
      () => (kind === 'reveal' ? usersApi.reveal(userId, { reason }) : usersApi.act(userId, kind, { reason })),
      (answer) => {
        if (kind === 'reveal') onRevealed(answer as AdminUserDetail);
        else showToast((answer as { message: string }).message, 'success');
      },
    );
  };
  return (
    <form noValidate className="admin-dialog__form" onSubmit={submit}>
      <p>{words.intro}</p>
      <ReasonField value={reason} error={errors.reason} onChange={setReason} autoFocus />
      <DialogActions failure={failure} label={words.button} pending={pending} danger={words.danger ?? false} onCancel={onDone} />
    </form>
  );
}

function LimitForm({ userId, action, onDone }: { userId: string; action: Extract<PendingAction, { kind: 'limit' }>; onDone: () => void }) {
  const [currency, setCurrency] = useState<Currency>(action.currency);
  const [amount, setAmount] = useState(action.overrideCents === null ? '' : (action.overrideCents / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const { errors, setErrors, failure, pending, run } = useSubmit(onDone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { currency, amount, reason };
    const checked = PurchaseLimitOverrideSchema.safeParse(body);
    if (!checked.success) return setErrors(fieldErrors(checked.error) as Errors);
    void run(
      () => usersApi.setLimit(userId, body),
      (answer) => showToast((answer as { message: string }).message, 'success'),
    );
  };
  return (
    <form noValidate className="admin-dialog__form" onSubmit={submit}>
      <p>
        The limit replaces the tier’s limit in this currency only, higher or lower. Leave the amount empty to use the tier’s limit again.
        {action.overrideCents !== null ? ` Now: ${formatMoney(action.overrideCents, action.currency)}.` : ''}
      </p>
      <Select
        label="Currency"
        name="currency"
        value={currency}
        error={errors.currency}
        onChange={(e) => setCurrency(e.target.value as Currency)}
        options={CURRENCIES.map((c) => ({ value: c, label: c }))}
      />
      <TextField
        label={`Limit in ${currency}`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        error={errors.amount}
        hint="For example 25000 or 25,000.50."
        onChange={(e) => setAmount(e.target.value)}
        data-autofocus=""
      />
      <ReasonField value={reason} error={errors.reason} onChange={setReason} />
      <DialogActions failure={failure} label={amount.trim() === '' ? 'Use the tier’s limit' : 'Set the limit'} pending={pending} onCancel={onDone} />
    </form>
  );
}

/** The dialog of one action on a person's account (or of a reveal), with its reason. */
export function UserActionDialog({ userId, action, onRevealed, onClose }: { userId: string; action: PendingAction | null; onRevealed: (detail: AdminUserDetail) => void; onClose: () => void }) {
  let title: ReactNode = '';
  let body: ReactNode = null;
  if (action?.kind === 'limit') {
    title = 'Purchase limit';
    body = <LimitForm key={`limit-${action.currency}`} userId={userId} action={action} onDone={onClose} />;
  } else if (action) {
    title = WORDS[action.kind].title;
    body = <ReasonForm key={action.kind} userId={userId} kind={action.kind} onRevealed={onRevealed} onDone={onClose} />;
  }
  return (
    <Dialog open={action !== null} title={title} onClose={onClose} className="admin-dialog">
      {body}
    </Dialog>
  );
}
