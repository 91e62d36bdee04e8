import { AdminTransitionSchema, fieldErrors, MarkPayoutPaidSchema } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { isRetryableFailure, useIdempotentSubmit } from '../../../shared/orders/idempotency';
import { Dialog } from '../../../shared/ui/dialog';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { DialogActions } from '../../../shared/admin/dialog-actions';
import { BankDetails, dateTime, payoutAmountText, payoutReference, SoldUnits, type PayoutActionKind, type PayoutTarget } from './payout-cells';
import { payoutsApi, type PayoutItem } from './payouts-api';

const WORDS: Record<PayoutActionKind, { title: string; action: string; done: string }> = {
  markPaid: { title: 'Mark payout paid', action: 'Mark paid', done: 'Payout marked as paid' },
  confirm: { title: 'Confirm payout', action: 'Confirm payout', done: 'Payout confirmed' },
  reject: { title: 'Reject sale', action: 'Reject sale', done: 'Sale rejected, Units returned' },
};

/** The input of each action: a bank reference, nothing, or a reason. */
type Input = { kind: 'markPaid'; bankReference: string } | { kind: 'confirm' } | { kind: 'reject'; reason: string };

function check(kind: PayoutActionKind, text: string): { ok: true; input: Input } | { ok: false; message: string | undefined } {
  if (kind === 'confirm') return { ok: true, input: { kind } };
  const parsed = kind === 'markPaid' ? MarkPayoutPaidSchema.safeParse({ bankReference: text }) : AdminTransitionSchema.safeParse({ toStatus: 'Failed', reason: text });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, message: errors.bankReference ?? errors.reason };
  }
  return { ok: true, input: kind === 'markPaid' ? { kind, bankReference: text.trim() } : { kind, reason: text.trim() } };
}

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
  return <p className="payout-dialog__explanation">{text}</p>;
}

function PayoutForm({ target, onDone }: { target: PayoutTarget; onDone: () => void }) {
  const { item, kind } = target;
  const words = WORDS[kind];
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const request = useCallback((input: Input, key: string) => send(item, input, key), [item]);
  const submission = useIdempotentSubmit(request);

  const edit = (value: string) => {
    setText(value);
    submission.reset();
    setFailure(null);
    if (fieldError) {
      const checked = check(kind, value);
      setFieldError(checked.ok ? undefined : checked.message);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submission.pending) return;
    const form = event.currentTarget;
    const checked = check(kind, text);
    if (!checked.ok) {
      setFieldError(checked.message);
      form.querySelector<HTMLElement>('[name="text"]')?.focus();
      return;
    }
    setFieldError(undefined);
    setFailure(null);
    try {
      await submission.send(checked.input);
    } catch (error) {
      setFailure(isRetryableFailure(error) ? `${errorMessage(error)}. Nothing was lost: try again to send the same request.` : errorMessage(error));
      // A refusal (409: it moved on, 403: four eyes, 404: gone) means the list is out of date.
      if (isApiError(error) && [403, 404, 409].includes(error.status)) void client.invalidateQueries({ queryKey: ['orders'] });
      return;
    }
    showToast(`${words.done}: order ${payoutReference(item)}.`, 'success');
    void client.invalidateQueries({ queryKey: ['orders'] });
    onDone();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={words.title}>
      <dl className="admin-dialog__summary">
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
          label="Bank reference"
          name="text"
          hint="The reference of the payment in your bank’s confirmation: 4 to 64 letters, digits, spaces and - / . _ :"
          value={text}
          error={fieldError}
          maxLength={80}
          autoComplete="off"
          spellCheck={false}
          required
          data-autofocus=""
          onChange={(event) => edit(event.target.value)}
        />
      ) : null}
      {kind === 'reject' ? (
        <TextArea
          label="Reason"
          name="text"
          hint="Between 3 and 500 characters. It is kept in the order’s status history."
          value={text}
          error={fieldError}
          rows={3}
          maxLength={600}
          required
          data-autofocus=""
          onChange={(event) => edit(event.target.value)}
        />
      ) : null}
      <DialogActions failure={failure} label={words.action} pending={submission.pending} danger={kind === 'reject'} onCancel={onDone} focusCancel={kind === 'confirm'} />
    </form>
  );
}

/** The dialog of one payout action; closed while `target` is null. */
export function PayoutDialog({ target, onClose }: { target: PayoutTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} title={target ? WORDS[target.kind].title : ''} onClose={onClose} className="admin-dialog payout-dialog">
      {target ? <PayoutForm key={`${target.item.orderId}:${target.kind}`} target={target} onDone={onClose} /> : null}
    </Dialog>
  );
}
