import { AdminTransitionSchema, fieldErrors, formatUnits, type AdminTransition } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { isRetryableFailure, useIdempotentSubmit } from '../../shared/orders/idempotency';
import { describeOrderType, unitTypeLabel } from '../../shared/orders/order-labels';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { FieldError, FieldHint, useFieldIds } from '../../shared/ui/field-parts';
import { showToast } from '../../shared/ui/toast-store';
import type { AdminAction } from './admin-actions';
import { ADMIN_ORDERS_ROOT, adminApi, type AdminOrder } from './admin-api';
import { orderAmountText, placedByText } from './admin-order-text';

const REASON_HINT = 'Between 3 and 500 characters. It is kept in the order’s status history.';

export interface TransitionTarget {
  order: AdminOrder;
  action: AdminAction;
}

function ReasonField({ value, error, onChange }: { value: string; error: string | undefined; onChange: (value: string) => void }) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds({ hint: REASON_HINT, error });
  return (
    <div className="field">
      <label className="field__label" htmlFor={controlId}>
        Reason
      </label>
      <FieldHint id={hintId}>{REASON_HINT}</FieldHint>
      <textarea
        id={controlId}
        name="reason"
        className="field__control admin-reason"
        rows={3}
        maxLength={600}
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-autofocus=""
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/**
 * Asks for the reason of an admin action, then POSTs the transition with an Idempotency-Key: one
 * key per submission, sent again when the admin retries after a network error or a 5xx (the
 * server answers the first result rather than acting twice). Editing the reason starts a new
 * submission.
 */
function TransitionForm({ target, onDone, onCancel }: { target: TransitionTarget; onDone: () => void; onCancel: () => void }) {
  const { order, action } = target;
  const client = useQueryClient();
  const [reason, setReason] = useState(action.defaultReason);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);

  const request = useCallback(
    (body: AdminTransition, key: string) => adminApi.transition(order.orderId, body, key),
    [order.orderId],
  );
  const submission = useIdempotentSubmit(request);

  const edit = (value: string) => {
    setReason(value);
    // Another reason is another request: the next submission gets its own key.
    submission.reset();
    setFailure(null);
    if (reasonError) {
      const checked = AdminTransitionSchema.safeParse({ toStatus: action.toStatus, reason: value });
      setReasonError(checked.success ? undefined : fieldErrors(checked.error).reason);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submission.pending) return;
    const form = event.currentTarget;
    const checked = AdminTransitionSchema.safeParse({ toStatus: action.toStatus, reason });
    if (!checked.success) {
      setReasonError(fieldErrors(checked.error).reason ?? fieldErrors(checked.error).toStatus);
      form.querySelector<HTMLElement>('[name="reason"]')?.focus();
      return;
    }
    setReasonError(undefined);
    setFailure(null);
    try {
      await submission.send(checked.data);
    } catch (error) {
      const retry = isRetryableFailure(error);
      setFailure({
        message: retry ? `${errorMessage(error)}. Nothing was lost: try again to send the same request.` : errorMessage(error),
        retry,
      });
      // A refusal (409: the order moved on, 404: it is gone) means the list is out of date.
      if (isApiError(error) && (error.status === 409 || error.status === 404)) void client.invalidateQueries({ queryKey: ADMIN_ORDERS_ROOT });
      return;
    }
    const reference = order.buy?.paymentId ?? order.orderId.slice(-5);
    showToast(`${action.done}: order ${reference}.`, 'success');
    client.setQueriesData<{ orders: AdminOrder[]; total: number }>({ queryKey: ADMIN_ORDERS_ROOT }, (page) =>
      page ? { ...page, orders: page.orders.filter((o) => o.orderId !== order.orderId), total: Math.max(0, page.total - 1) } : page,
    );
    void client.invalidateQueries({ queryKey: ['orders'] });
    onDone();
  };

  const type = describeOrderType(order);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={action.label}>
      <dl className="admin-dialog__summary">
        <div>
          <dt>Order</dt>
          <dd>
            {type.label} of {formatUnits(order.currencyUnit.numberOfUnits)} {unitTypeLabel(order.currencyUnit.unitType)}
            {order.buy?.paymentId ? `, reference ${order.buy.paymentId}` : ''}
          </dd>
        </div>
        <div>
          <dt>Placed by</dt>
          <dd>{placedByText(order)}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{orderAmountText(order)}</dd>
        </div>
      </dl>
      <ReasonField value={reason} error={reasonError} onChange={edit} />
      {failure ? (
        <p className="admin-dialog__error" role="alert">
          {failure.message}
        </p>
      ) : null}
      <div className="admin-dialog__actions">
        <Button type="submit" loading={submission.pending} className={action.destructive ? 'btn--danger' : undefined}>
          {failure?.retry ? 'Try again' : action.label}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The dialog of one admin action on one order; closed while `target` is null. */
export function TransitionDialog({ target, onClose }: { target: TransitionTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} title={target ? target.action.label : ''} onClose={onClose} className="admin-dialog">
      {target ? <TransitionForm key={`${target.order.orderId}:${target.action.toStatus}`} target={target} onDone={onClose} onCancel={onClose} /> : null}
    </Dialog>
  );
}
