import { fieldErrors, ORDER_MESSAGES, UpdateOrderAmountSchema, type UpdateOrderAmount } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiError } from '../../shared/api/api-error';
import { checkedFields } from '../../shared/admin/form-checks';
import { useForm, type SubmitHelpers } from '../../shared/lib/use-form';
import { isRetryableFailure, useIdempotentSubmit, type IdempotentSubmit } from '../../shared/orders/idempotency';
import { invalidateAfterOrderAction, ORDER_QUERY_KEYS } from '../../shared/orders/query-keys';
import type { OrderView } from '../../shared/orders/types';
import { Button } from '../../shared/ui/button';
import { NumberField } from '../../shared/ui/number-field';
import { OrderAlertBox } from './order-flow-view';
import { parseUnits, unitsOf, unitsTextProblem } from './order-format';
import { orderMoney } from './order-result';
import { alertOf } from './alert-of';
import { ordersApi } from './orders-api';
import type { OrderAlert } from './use-order-form';
import * as styles from './orders.module.css';

/** The new number of Units of an order, checked with the request schema (a decimal mark said first, as on the order forms). */
const amountSchema = (orderId: string) =>
  checkedFields((values): { ok: true; data: UpdateOrderAmount } | { ok: false; errors: Record<string, string> } => {
    const text = values.numberOfUnits ?? '';
    const problem = unitsTextProblem(text);
    if (problem) return { ok: false, errors: { numberOfUnits: problem } };
    const parsed = UpdateOrderAmountSchema.safeParse({ orderId, numberOfUnits: parseUnits(text) });
    return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
  });

interface ChangeUnitsFormProps {
  id: string;
  order: OrderView;
  submit: IdempotentSubmit<UpdateOrderAmount, OrderView>;
  onClose: () => void;
  onUpdated: (updated: OrderView) => void;
}

/** The form of "Change the number of Units", on the form kit; it starts from the order's Units each time it opens. */
function ChangeUnitsForm({ id, order, submit, onClose, onUpdated }: ChangeUnitsFormProps) {
  const client = useQueryClient();
  const current = order.currencyUnit.numberOfUnits;
  const [alert, setAlert] = useState<OrderAlert | null>(null);

  const update = async (data: UpdateOrderAmount, { showServerErrors }: SubmitHelpers) => {
    setAlert(null);
    if (data.numberOfUnits === current) {
      onClose();
      return;
    }
    try {
      onUpdated(await submit.send(data));
    } catch (failure) {
      if (isApiError(failure) && !isRetryableFailure(failure)) {
        showServerErrors({ numberOfUnits: failure.errors.numberOfUnits ?? failure.message });
        if (failure.status === 409) void invalidateAfterOrderAction(client);
      } else {
        setAlert(alertOf(failure));
      }
    }
  };
  const form = useForm<'numberOfUnits', UpdateOrderAmount>(amountSchema(order.orderId), { numberOfUnits: String(current) }, update);
  const units = form.field('numberOfUnits');

  return (
    <form id={`${id}-form`} {...form.formProps} className={styles.changeUnitsForm} aria-label="Change the number of Units">
      <NumberField
        {...units}
        label="New number of Units"
        wholeMessage={ORDER_MESSAGES.unitsWhole}
        hint="Every figure is worked out again at today's price."
        autoFocus
        onChange={(event) => {
          units.onChange(event);
          // What would be sent changed: the next Update is a new submission with a new key.
          submit.reset();
        }}
      />
      <OrderAlertBox alert={alert} retryHint="Press Update again to retry; it is safe to do so." />
      <div className={styles.orderActions}>
        <Button type="submit" size="sm" loading={submit.pending}>
          Update
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose} disabled={submit.pending}>
          Keep {unitsOf(current, order.currencyUnit.unitType)}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Change the number of Units" of a buy nobody has paid for yet: update_order_amount with an
 * Idempotency-Key per submission; the page then shows the server's new figures. The server checks
 * every limit again; its message shows at the field.
 */
export function ChangeUnits({ order }: { order: OrderView }) {
  const client = useQueryClient();
  const submit = useIdempotentSubmit(ordersApi.updateOrderAmount);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');
  const focusToggle = () => document.getElementById(`${id}-toggle`)?.focus();

  const close = () => {
    setOpen(false);
    focusToggle();
  };

  const onUpdated = (updated: OrderView) => {
    client.setQueryData(ORDER_QUERY_KEYS.orderDetails(order.orderId), updated);
    void invalidateAfterOrderAction(client);
    setDone(`Updated: ${unitsOf(updated.currencyUnit.numberOfUnits, updated.currencyUnit.unitType)}, ${orderMoney(updated, updated.paymentDetails?.paymentAmount)} to pay.`);
    close();
  };

  return (
    <div className={styles.changeUnits}>
      <Button
        id={`${id}-toggle`}
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={open ? `${id}-form` : undefined}
        onClick={() => {
          if (open) close();
          else {
            setDone('');
            submit.reset();
            setOpen(true);
          }
        }}
      >
        Change the number of Units
      </Button>
      <p role="status" className={styles.changeUnitsDone}>
        {done}
      </p>
      {open ? <ChangeUnitsForm id={id} order={order} submit={submit} onClose={close} onUpdated={onUpdated} /> : null}
    </div>
  );
}
