import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../shared/api/api-error';
import { isRetryableFailure, useIdempotentSubmit } from '../../shared/orders/idempotency';
import { invalidateAfterOrderAction } from '../../shared/orders/query-keys';
import type { OrderView } from '../../shared/orders/types';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { OrderAlertBox } from './order-flow-view';
import type { OrderIdBody } from './orders-api';
import type { OrderAlert } from './use-order-form';
import * as styles from './orders.module.css';

/**
 * An order action that asks first (cancel an order, cancel a scheduled transfer): a dialog per
 * opening, one Idempotency-Key per opening, kept when the user retries after a network error or a
 * busy server. The dialog stays mounted so closing it gives focus back to the button that opened it.
 */
export function useOrderAction(request: (body: OrderIdBody, idempotencyKey: string) => Promise<OrderView>, onDone: (order: OrderView) => void) {
  const client = useQueryClient();
  const submit = useIdempotentSubmit(request);
  const [target, setTarget] = useState<OrderView | null>(null);
  const [open, setOpen] = useState(false);
  const [alert, setAlert] = useState<OrderAlert | null>(null);
  const { reset } = submit;

  return {
    target,
    open,
    alert,
    pending: submit.pending,
    show: (order: OrderView) => {
      reset();
      setAlert(null);
      setTarget(order);
      setOpen(true);
    },
    close: () => setOpen(false),
    confirm: async () => {
      if (!target || submit.pending) return;
      setAlert(null);
      try {
        const done = await submit.send({ orderId: target.orderId });
        void invalidateAfterOrderAction(client);
        onDone(done);
      } catch (failure) {
        setAlert({ message: errorMessage(failure), retryable: isRetryableFailure(failure) });
        // A definite refusal (409: already paid, expired, done): show what is true now.
        if (!isRetryableFailure(failure)) void invalidateAfterOrderAction(client);
      }
    },
  };
}

export type OrderAction = ReturnType<typeof useOrderAction>;

export interface OrderActionDialogProps {
  action: OrderAction;
  title: string;
  confirmLabel: string;
  keepLabel: string;
  /** What the action does to this order. */
  children: (order: OrderView) => ReactNode;
}

export function OrderActionDialog({ action, title, confirmLabel, keepLabel, children }: OrderActionDialogProps) {
  const { target, open, alert, pending, close, confirm } = action;
  return (
    <Dialog open={open} onClose={close} title={title}>
      {target ? children(target) : null}
      <OrderAlertBox alert={alert} retryHint={`Press ${confirmLabel} again to retry; it is safe to do so.`} />
      <div className={styles.orderActions}>
        <Button onClick={() => void confirm()} loading={pending}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={close} disabled={pending} data-autofocus="">
          {keepLabel}
        </Button>
      </div>
    </Dialog>
  );
}
