import { AdminTransitionSchema, fieldErrors, formatUnits } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { isRetryableFailure, useIdempotentSubmit } from '../../../shared/orders/idempotency';
import { describeOrderType, unitTypeLabel } from '../../../shared/orders/order-labels';
import { Dialog } from '../../../shared/ui/dialog';
import { TextArea } from '../../../shared/ui/text-area';
import { showToast } from '../../../shared/ui/toast-store';
import type { AdminAction } from './admin-actions';
import { ADMIN_ORDERS_ROOT, adminApi, type AdminOrder, type AdminQueuePage } from './admin-api';
import { orderAmountText, placedByText } from './admin-order-text';
import { DialogActions } from '../../../shared/admin/dialog-actions';

const REASON_HINT = 'Between 3 and 500 characters. It is kept in the order’s status history.';

export interface TransitionTarget {
  order: AdminOrder;
  action: AdminAction;
}

/** What is sent: the reason, and for a status change the status. */
type ActionBody = { toStatus?: NonNullable<AdminAction['toStatus']>; reason: string };

const ReasonOnlySchema = AdminTransitionSchema.pick({ reason: true });

/** The action's body checked with the shared schema; the first message for the reason field. */
function checkBody(action: AdminAction, reason: string): { ok: true; body: ActionBody } | { ok: false; message: string | undefined } {
  const checked = action.kind === 'clearFlag' ? ReasonOnlySchema.safeParse({ reason }) : AdminTransitionSchema.safeParse({ toStatus: action.toStatus, reason });
  if (checked.success) return { ok: true, body: checked.data };
  const errors = fieldErrors(checked.error);
  return { ok: false, message: errors.reason ?? errors.toStatus };
}

/** The list after an action: a moved order leaves the queue; a checked payment leaves the flagged list. */
function afterAction(page: AdminQueuePage | undefined, order: AdminOrder, action: AdminAction): AdminQueuePage | undefined {
  if (!page) return page;
  if (action.kind === 'clearFlag') {
    return {
      ...page,
      flagged: page.flagged?.filter((o) => o.orderId !== order.orderId),
      orders: page.orders.map((o) => (o.orderId === order.orderId && o.buy ? { ...o, buy: { ...o.buy, paymentFlag: null } } : o)),
    };
  }
  return { ...page, orders: page.orders.filter((o) => o.orderId !== order.orderId), total: Math.max(0, page.total - 1) };
}

/**
 * Asks for the reason of an admin action, then POSTs it (a transition, or clear-flag) with an Idempotency-Key: one
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
    (body: ActionBody, key: string) =>
      body.toStatus ? adminApi.transition(order.orderId, { toStatus: body.toStatus, reason: body.reason }, key) : adminApi.clearFlag(order.orderId, { reason: body.reason }, key),
    [order.orderId],
  );
  const submission = useIdempotentSubmit(request);

  const edit = (value: string) => {
    setReason(value);
    // Another reason is another request: the next submission gets its own key.
    submission.reset();
    setFailure(null);
    if (reasonError) {
      const checked = checkBody(action, value);
      setReasonError(checked.ok ? undefined : checked.message);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submission.pending) return;
    const form = event.currentTarget;
    const checked = checkBody(action, reason);
    if (!checked.ok) {
      setReasonError(checked.message);
      form.querySelector<HTMLElement>('[name="reason"]')?.focus();
      return;
    }
    setReasonError(undefined);
    setFailure(null);
    try {
      await submission.send(checked.body);
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
    client.setQueriesData<AdminQueuePage>({ queryKey: ADMIN_ORDERS_ROOT }, (page) => afterAction(page, order, action));
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
      {action.kind === 'clearFlag' && order.buy?.paymentFlag ? (
        <p className="admin-flag">
          <strong>Payment to check:</strong> {order.buy.paymentFlag}
        </p>
      ) : null}
      <TextArea
        label="Reason"
        name="reason"
        hint={action.reasonHint ?? REASON_HINT}
        value={reason}
        error={reasonError}
        rows={3}
        maxLength={600}
        required
        data-autofocus=""
        onChange={(event) => edit(event.target.value)}
      />
      <DialogActions failure={failure?.message} label={failure?.retry ? 'Try again' : action.label} pending={submission.pending} danger={action.destructive} onCancel={onCancel} />
    </form>
  );
}

/** The dialog of one admin action on one order (a status change, or a flagged payment checked); closed while `target` is null. */
export function TransitionDialog({ target, onClose }: { target: TransitionTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} title={target ? target.action.label : ''} onClose={onClose} className="admin-dialog">
      {target ? <TransitionForm key={`${target.order.orderId}:${target.action.toStatus ?? target.action.kind}`} target={target} onDone={onClose} onCancel={onClose} /> : null}
    </Dialog>
  );
}
