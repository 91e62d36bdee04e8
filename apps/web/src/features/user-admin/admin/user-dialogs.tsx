import { CURRENCIES, formatMoney, type Currency } from '@landunits/domain';
import { AdminUserReasonSchema, PurchaseLimitOverrideSchema } from '@landunits/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { Dialog } from '../../../shared/ui/dialog';
import { Select } from '../../../shared/ui/select';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { DialogActions } from '../../../shared/admin/dialog-actions';
import { checkedText } from '../../../shared/admin/form-checks';
import { useForm, type FieldProps, type SubmitHelpers } from '../../../shared/lib/use-form';
import { USERS_ROOT, usersApi, type AdminUserDetail, type UserAction } from './users-api';

/** What an admin is about to do on a person's page; null while no dialog is open. */
export type PendingAction = { kind: UserAction | 'reveal' } | { kind: 'limit'; currency: Currency; overrideCents: number | null };

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
function ReasonField({ autoFocus, ...field }: FieldProps<string> & { autoFocus?: boolean }) {
  return <TextArea {...field} label="Reason" hint="Kept in the audit log with your name. At most 500 characters." rows={3} maxLength={600} data-autofocus={autoFocus ? '' : undefined} />;
}

/** Sends a call, then refreshes the person and closes; a 400's messages go under their fields, any other failure stays in the dialog. */
function useSubmit(onDone: () => void) {
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (send: () => Promise<{ message?: string } | AdminUserDetail>, after: (answer: unknown) => void, { showServerErrors }: SubmitHelpers) => {
    setFailure(null);
    try {
      after(await send());
      void client.invalidateQueries({ queryKey: USERS_ROOT });
      onDone();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length > 0) showServerErrors(error.errors);
      else setFailure(errorMessage(error));
    }
  };
  return { failure, run };
}

const REASON_CHECK = checkedText<{ reason: string }>((values) => AdminUserReasonSchema.safeParse(values));

function ReasonForm({ userId, kind, onRevealed, onDone }: { userId: string; kind: UserAction | 'reveal'; onRevealed: (detail: AdminUserDetail) => void; onDone: () => void }) {
  const { failure, run } = useSubmit(onDone);
  const words = WORDS[kind];
  const form = useForm(REASON_CHECK, { reason: '' }, ({ reason }, helpers) =>
    run(
      () => (kind === 'reveal' ? usersApi.reveal(userId, { reason }) : usersApi.act(userId, kind, { reason })),
      (answer) => {
        if (kind === 'reveal') onRevealed(answer as AdminUserDetail);
        else showToast((answer as { message: string }).message, 'success');
      },
      helpers,
    ),
  );
  return (
    <form {...form.formProps}>
      <p>{words.intro}</p>
      <ReasonField {...form.field('reason')} autoFocus />
      <DialogActions failure={failure} label={words.button} pending={form.submitting} danger={words.danger ?? false} onCancel={onDone} />
    </form>
  );
}

type LimitValues = { currency: string; amount: string; reason: string };
const LIMIT_CHECK = checkedText<LimitValues>((values) => PurchaseLimitOverrideSchema.safeParse(values));

function LimitForm({ userId, action, onDone }: { userId: string; action: Extract<PendingAction, { kind: 'limit' }>; onDone: () => void }) {
  const { failure, run } = useSubmit(onDone);
  const initial: LimitValues = { currency: action.currency, amount: action.overrideCents === null ? '' : (action.overrideCents / 100).toFixed(2), reason: '' };
  const form = useForm(LIMIT_CHECK, initial, ({ currency, amount, reason }, helpers) =>
    run(
      () => usersApi.setLimit(userId, { currency: currency as Currency, amount, reason }),
      (answer) => showToast((answer as { message: string }).message, 'success'),
      helpers,
    ),
  );
  const { currency, amount } = form.values;
  return (
    <form {...form.formProps}>
      <p>
        The limit replaces the tier’s limit in this currency only, higher or lower. Leave the amount empty to use the tier’s limit again.
        {action.overrideCents !== null ? ` Now: ${formatMoney(action.overrideCents, action.currency)}.` : ''}
      </p>
      <Select {...form.field('currency')} label="Currency" options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
      <TextField {...form.field('amount')} label={`Limit in ${currency}`} inputMode="decimal" autoComplete="off" hint="For example 25000 or 25,000.50." data-autofocus="" />
      <ReasonField {...form.field('reason')} />
      <DialogActions failure={failure} label={amount.trim() === '' ? 'Use the tier’s limit' : 'Set the limit'} pending={form.submitting} onCancel={onDone} />
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
    <Dialog open={action !== null} title={title} onClose={onClose}>
      {body}
    </Dialog>
  );
}
