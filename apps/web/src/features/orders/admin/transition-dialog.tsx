import { AdminTransitionSchema, fieldErrors, formatUnits } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { isRetryableFailure, useIdempotentSubmit } from '../../../shared/orders/idempotency';
import { describeOrderType, unitTypeLabel } from '../../../shared/orders/order-labels';
import { Dialog } from '../../../shared/ui/dialog';
import { TextArea } from '../../../shared/ui/text-area';
import { showToast } from '../../../shared/ui/toast-store';
import type { AdminAction } from './admin-actions';
import { ADMIN_ORDERS_ROOT, adminApi, type AdminOrder, type AdminQueuePage } from './admin-api';
import { cryptoQuoteText, orderAmountText, placedByText } from './admin-order-text';
import { DialogActions } from '../../../shared/admin/dialog-actions';
import { checkedFields } from '../../../shared/admin/form-checks';
import { useForm } from '../../../shared/lib/use-form';
import * as adminStyles from '../../../shared/admin/admin.module.css';

const REASON_HINT = 'Between 3 and 500 characters. It is kept in the order’s status history.';

export interface TransitionTarget {
  order: AdminOrder;
  action: AdminAction;
}

/** What is sent: the reason, and for a status change the status. */
type ActionBody = { toStatus?: NonNullable<AdminAction['toStatus']>; reason: string };

const ReasonOnlySchema = AdminTransitionSchema.pick({ reason: true });

/** The action's body checked with the shared schema; the first message shows under the reason field. */
const checkBody = (action: AdminAction) =>
  checkedFields<ActionBody>(({ reason = '' }) => {
    const checked = action.kind === 'clearFlag' ? ReasonOnlySchema.safeParse({ reason }) : AdminTransitionSchema.safeParse({ toStatus: action.toStatus, reason });
    if (checked.success) return { ok: true, data: checked.data };
    const errors = fieldErrors(checked.error);
    return { ok: false, errors: { reason: errors.reason ?? errors.toStatus ?? '' } };
  });

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
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);

  const request = useCallback(
    (body: ActionBody, key: string) =>
      body.toStatus ? adminApi.transition(order.orderId, { toStatus: body.toStatus, reason: body.reason }, key) : adminApi.clearFlag(order.orderId, { reason: body.reason }, key),
    [order.orderId],
  );
  const submission = useIdempotentSubmit(request);

  // Keyed by the order and the action: the check stays the same while it is open.
  const form = useForm(checkBody(action), { reason: action.defaultReason }, async (body) => {
    setFailure(null);
    try {
      await submission.send(body);
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
  });
  const reason = form.field('reason');

  const type = describeOrderType(order);
  const quoted = cryptoQuoteText(order);
  return (
    <form {...form.formProps} aria-label={action.label}>
      <dl className={adminStyles.adminDialogSummary}>
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
        {quoted ? (
          <div>
            <dt>Coins quoted</dt>
            <dd>{quoted}</dd>
          </div>
        ) : null}
      </dl>
      {action.kind === 'clearFlag' && order.buy?.paymentFlag ? (
        <p className={adminStyles.adminFlag}>
          <strong>Payment to check:</strong> {order.buy.paymentFlag}
        </p>
      ) : null}
      <TextArea
        {...reason}
        label="Reason"
        hint={action.reasonHint ?? REASON_HINT}
        rows={3}
        maxLength={600}
        required
        data-autofocus=""
        onChange={(event) => {
          reason.onChange(event);
          // Another reason is another request: the next submission gets its own key.
          submission.reset();
          setFailure(null);
        }}
      />
      <DialogActions failure={failure?.message} label={failure?.retry ? 'Try again' : action.label} pending={submission.pending} danger={action.destructive} onCancel={onCancel} />
    </form>
  );
}

/** The dialog of one admin action on one order (a status change, or a flagged payment checked); closed while `target` is null. */
export function TransitionDialog({ target, onClose }: { target: TransitionTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} title={target ? target.action.label : ''} onClose={onClose}>
      {target ? <TransitionForm key={`${target.order.orderId}:${target.action.toStatus ?? target.action.kind}`} target={target} onDone={onClose} onCancel={onClose} /> : null}
    </Dialog>
  );
}
