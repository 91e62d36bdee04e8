import { ORDER_MESSAGES } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../shared/api/api-error';
import { isRetryableFailure, useIdempotentSubmit } from '../../shared/orders/idempotency';
import { invalidateAfterOrderAction, ORDER_QUERY_KEYS } from '../../shared/orders/query-keys';
import type { OrderView } from '../../shared/orders/types';
import { Button } from '../../shared/ui/button';
import { NumberField } from '../../shared/ui/number-field';
import { OrderAlertBox } from './order-flow-view';
import { unitsOf, unitsTextProblem, wholeUnits } from './order-format';
import { orderMoney } from './order-result';
import { ordersApi } from './orders-api';
import { alertOf } from './alert-of';
import type { OrderAlert } from './use-order-form';

/**
 * "Change the number of Units" of a buy nobody has paid for yet: update_order_amount with an
 * Idempotency-Key per submission; the page then shows the server's new figures. The server checks
 * every limit again; its message shows at the field.
 */
export function ChangeUnits({ order }: { order: OrderView }) {
  const client = useQueryClient();
  const submit = useIdempotentSubmit(ordersApi.updateOrderAmount);
  const id = useId();
  const current = order.currencyUnit.numberOfUnits;
  const [open, setOpen] = useState(false);
  const [units, setUnits] = useState(String(current));
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<OrderAlert | null>(null);
  const [done, setDone] = useState('');
  const focusToggle = () => document.getElementById(`${id}-toggle`)?.focus();

  const close = () => {
    setOpen(false);
    setError(undefined);
    setAlert(null);
    focusToggle();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.pending) return;
    setAlert(null);
    const n = wholeUnits(units);
    if (n === null) {
      setError(units === '' ? ORDER_MESSAGES.unitsRequired : (unitsTextProblem(units) ?? ORDER_MESSAGES.unitsMin));
      return;
    }
    if (Number(n) === current) {
      close();
      return;
    }
    try {
      const updated = await submit.send({ orderId: order.orderId, numberOfUnits: Number(n) });
      client.setQueryData(ORDER_QUERY_KEYS.orderDetails(order.orderId), updated);
      void invalidateAfterOrderAction(client);
      setDone(`Updated: ${unitsOf(updated.currencyUnit.numberOfUnits, updated.currencyUnit.unitType)}, ${orderMoney(updated, updated.paymentDetails?.paymentAmount)} to pay.`);
      setOpen(false);
      focusToggle();
    } catch (failure) {
      if (isApiError(failure) && !isRetryableFailure(failure)) {
        setError(failure.errors.numberOfUnits ?? failure.message);
        if (failure.status === 409) void invalidateAfterOrderAction(client);
      } else {
        setAlert(alertOf(failure));
      }
    }
  };

  return (
    <div className="change-units">
      <Button
        id={`${id}-toggle`}
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={open ? `${id}-form` : undefined}
        onClick={() => {
          if (open) close();
          else {
            setUnits(String(current));
            setDone('');
            submit.reset();
            setOpen(true);
          }
        }}
      >
        Change the number of Units
      </Button>
      <p role="status" className="change-units__done">
        {done}
      </p>
      {open ? (
        <form id={`${id}-form`} className="change-units__form" noValidate aria-label="Change the number of Units" onSubmit={(e) => void onSubmit(e)}>
          <NumberField
            name="numberOfUnits"
            label="New number of Units"
            wholeMessage={ORDER_MESSAGES.unitsWhole}
            hint="Every figure is worked out again at today's price."
            value={units}
            error={error}
            autoFocus
            onChange={(event) => {
              setUnits(event.target.value);
              setError(undefined);
              submit.reset();
            }}
          />
          <OrderAlertBox alert={alert} retryHint="Press Update again to retry; it is safe to do so." />
          <div className="order-actions">
            <Button type="submit" size="sm" loading={submit.pending}>
              Update
            </Button>
            <Button variant="ghost" size="sm" onClick={close} disabled={submit.pending}>
              Keep {unitsOf(current, order.currencyUnit.unitType)}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
