import { AdminTransitionSchema, fieldErrors, MarkPayoutPaidSchema } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ChangeEvent, type ReactNode } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { isRetryableFailure, useIdempotentSubmit } from '../../../shared/orders/idempotency';
import { Dialog } from '../../../shared/ui/dialog';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { DialogActions } from '../../../shared/admin/dialog-actions';
import { checkedFields } from '../../../shared/admin/form-checks';
import { useForm } from '../../../shared/lib/use-form';
import { BankDetails, dateTime, payoutAmountText, payoutReference, SoldUnits, type PayoutActionKind, type PayoutTarget } from './payout-cells';
import { payoutsApi, type PayoutItem } from './payouts-api';
import * as styles from './payouts.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

const WORDS: Record<PayoutActionKind, { title: string; action: string; done: string }> = {
  markPaid: { title: 'Mark payout paid', action: 'Mark paid', done: 'Payout marked as paid' },
  confirm: { title: 'Confirm payout', action: 'Confirm payout', done: 'Payout confirmed' },
  reject: { title: 'Reject sale', action: 'Reject sale', done: 'Sale rejected, Units returned' },
};

/** The input of each action: a bank reference, nothing, or a reason. */
type Input = { kind: 'markPaid'; bankReference: string } | { kind: 'confirm' } | { kind: 'reject'; reason: string };

/** The action's input from the form's one field (a bank reference, or a reason), checked with the shared schema. */
const check = (kind: PayoutActionKind) =>
  checkedFields<Input>(({ text = '' }) => {
    if (kind === 'confirm') return { ok: true, data: { kind } };
    const parsed = kind === 'markPaid' ? MarkPayoutPaidSchema.safeParse({ bankReference: text }) : AdminTransitionSchema.safeParse({ toStatus: 'Failed', reason: text });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return { ok: false, errors: { text: errors.bankReference ?? errors.reason ?? '' } };
    }
    return { ok: true, data: kind === 'markPaid' ? { kind, bankReference: text.trim() } : { kind, reason: text.trim() } };
  });

function send(item: PayoutItem, input: Input, key: string) {
  if (input.kind === 'markPaid') return payoutsApi.markPaid(item.orderId, { bankReference: input.bankReference }, key);
  if (input.kind === 'confirm') return payoutsApi.confirm(item.orderId, key);
  return payoutsApi.reject(item.orderId, { toStatus: 'Failed', reason: input.reason }, key);
}

/** What the admin is about to do, in words, under the summary. */
function Explanation({ target }: { target: PayoutTarget }) {
  const { item, kind } = target;
  const mark = item.payout.mark;
  let text: ReactNode;
  if (kind === 'markPaid') {
    text = item.payout.needsSecondAdmin
      ? 'Send the payout from the bank first. It is 10,000.00 or more: once you mark it paid, another admin must confirm it.'
      : 'Send the payout from the bank first. It is under 10,000.00: marking it paid completes the sale.';
  } else if (kind === 'confirm' && mark) {
    text = (
      <>
        {mark.markedBy.name} marked it paid on {dateTime(mark.markedAt)} with bank reference <strong>{mark.bankReference}</strong>. Check that payment in the bank, then confirm: the sale is completed.
      </>
    );
  } else {
    text = 'The sale fails and its Units go back to the person. The reason is kept in the order’s history.';
  }
  return <p className={styles.payoutDialogExplanation}>{text}</p>;
}

function PayoutForm({ target, onDone }: { target: PayoutTarget; onDone: () => void }) {
  const { item, kind } = target;
  const words = WORDS[kind];
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const request = useCallback((input: Input, key: string) => send(item, input, key), [item]);
  const submission = useIdempotentSubmit(request);

  // Keyed by the payout and the action: the check stays the same while it is open.
  const form = useForm(check(kind), { text: '' }, async (input) => {
    setFailure(null);
    try {
      await submission.send(input);
    } catch (error) {
      setFailure(isRetryableFailure(error) ? `${errorMessage(error)}. Nothing was lost: try again to send the same request.` : errorMessage(error));
      // A refusal (409: it moved on, 403: four eyes, 404: gone) means the list is out of date.
      if (isApiError(error) && [403, 404, 409].includes(error.status)) void client.invalidateQueries({ queryKey: ['orders'] });
      return;
    }
    showToast(`${words.done}: order ${payoutReference(item)}.`, 'success');
    void client.invalidateQueries({ queryKey: ['orders'] });
    onDone();
  });
  const text = form.field('text');
  const edit = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    text.onChange(event);
    // Another text is another request: the next submission gets its own key.
    submission.reset();
    setFailure(null);
  };

  return (
    <form {...form.formProps} aria-label={words.title}>
      <dl className={adminStyles.adminDialogSummary}>
        <div>
          <dt>Person</dt>
          <dd>
            {item.person.name} ({item.person.email})
          </dd>
        </div>
        <div>
          <dt>Sale</dt>
          <dd>
            <SoldUnits item={item} />
          </dd>
        </div>
        <div>
          <dt>Payout</dt>
          <dd>{payoutAmountText(item)}</dd>
        </div>
        <div>
          <dt>Pay to</dt>
          <dd>
            <BankDetails details={item.bankDetails} />
          </dd>
        </div>
      </dl>
      <Explanation target={target} />
      {kind === 'markPaid' ? (
        <TextField
          {...text}
          label="Bank reference"
          hint="The reference of the payment in your bank’s confirmation: 4 to 64 letters, digits, spaces and - / . _ :"
          maxLength={80}
          autoComplete="off"
          spellCheck={false}
          required
          data-autofocus=""
          onChange={edit}
        />
      ) : null}
      {kind === 'reject' ? (
        <TextArea {...text} label="Reason" hint="Between 3 and 500 characters. It is kept in the order’s status history." rows={3} maxLength={600} required data-autofocus="" onChange={edit} />
      ) : null}
      <DialogActions failure={failure} label={words.action} pending={submission.pending} danger={kind === 'reject'} onCancel={onDone} focusCancel={kind === 'confirm'} />
    </form>
  );
}

/** The dialog of one payout action; closed while `target` is null. */
export function PayoutDialog({ target, onClose }: { target: PayoutTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} title={target ? WORDS[target.kind].title : ''} onClose={onClose}>
      {target ? <PayoutForm key={`${target.item.orderId}:${target.kind}`} target={target} onDone={onClose} /> : null}
    </Dialog>
  );
}
