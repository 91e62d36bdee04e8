import { CARD_MESSAGES, TEST_CARDS } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../shared/api/api-error';
import { isRetryableFailure, useIdempotentSubmit } from '../../shared/orders/idempotency';
import { invalidateAfterOrderAction } from '../../shared/orders/query-keys';
import type { OrderView } from '../../shared/orders/types';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/text-field';
import { OrderAlertBox } from './order-flow-view';
import { orderMoney } from './order-result';
import { ordersApi } from './orders-api';
import { alertOf } from './payment-parts';
import type { OrderAlert } from './use-order-form';
import * as styles from './orders.module.css';

/**
 * The built-in card form of test mode (PRODUCT-DECISIONS §7): no card provider is called and no
 * real card is charged. The order goes through the same steps as with a provider: 4242… completes
 * it, 4000 0000 0000 0002 is declined (402), leaving it open for another card until the last
 * decline fails it.
 */

type CardField = 'cardNumber' | 'expiry' | 'cvc';
type CardValues = Record<CardField, string>;

const digits = (text: string) => text.replace(/[\s-]/g, '');

/** '0428' → '04/28'; anything else as typed. */
const normalizeExpiry = (text: string) => {
  const t = text.replace(/\s/g, '');
  return /^\d{4}$/.test(t) ? `${t.slice(0, 2)}/${t.slice(2)}` : t;
};

/** The form's own checks, with the domain's card messages. */
export function cardProblems(values: CardValues, now: Date = new Date()): Partial<Record<CardField, string>> {
  const problems: Partial<Record<CardField, string>> = {};
  const number = digits(values.cardNumber);
  if (!/^\d{16}$/.test(number)) problems.cardNumber = CARD_MESSAGES.cardNumber;
  else if (number !== TEST_CARDS.succeeds && number !== TEST_CARDS.declined) problems.cardNumber = CARD_MESSAGES.unknownTestCard;
  const expiry = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(normalizeExpiry(values.expiry));
  // Valid to the end of its month: the first day of the next month must be still to come.
  if (!expiry || Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1) <= now.getTime()) problems.expiry = CARD_MESSAGES.expiry;
  if (!/^\d{3}$/.test(values.cvc.trim())) problems.cvc = CARD_MESSAGES.cvc;
  return problems;
}

export function TestModeBanner() {
  return (
    <div className={styles.testMode} role="note" aria-label="Test mode">
      <p className={styles.testModeTitle}>
        <span className={styles.testModeTag}>TEST MODE</span> No real card is charged
      </p>
      <p className={styles.testModeText}>
        Use <strong>4242 4242 4242 4242</strong> to pay successfully, or <strong>4000 0000 0000 0002</strong> to see a declined card, with any future expiry date and any 3-digit security code.
      </p>
    </div>
  );
}

export interface CardFormProps {
  order: OrderView;
  /** Paid: the success page. */
  onPaid: () => void;
  /** Declined: the order is still open for another card, or Failed after the last; the page says which. */
  onDeclined: (message: string) => void;
}

export function TestCardForm({ order, onPaid, onDeclined }: CardFormProps) {
  const client = useQueryClient();
  const id = useId();
  const submit = useIdempotentSubmit(ordersApi.testCardPayment);
  const [values, setValues] = useState<CardValues>({ cardNumber: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<CardField, string>>>({});
  const [alert, setAlert] = useState<OrderAlert | null>(null);
  // Bumped to move focus to the first field with a message, once the messages are on screen.
  const [focusInvalid, setFocusInvalid] = useState(0);
  useLayoutEffect(() => {
    if (focusInvalid) document.getElementById(`${id}-form`)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid, id]);
  const problems = cardProblems(values);
  const error = (field: CardField) => serverErrors[field] ?? (touched[field] ? problems[field] : undefined);

  const bind = (field: CardField) => ({
    name: field,
    value: values[field],
    error: error(field),
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: event.target.value }));
      setServerErrors(({ [field]: _dropped, ...rest }) => rest);
      setAlert(null);
      submit.reset();
    },
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
  });

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.pending) return;
    setTouched({ cardNumber: true, expiry: true, cvc: true });
    setAlert(null);
    if (Object.keys(problems).length) {
      setFocusInvalid((n) => n + 1);
      return;
    }
    try {
      await submit.send({ orderId: order.orderId, cardNumber: values.cardNumber.trim(), expiry: normalizeExpiry(values.expiry), cvc: values.cvc.trim() });
      void invalidateAfterOrderAction(client);
      onPaid();
    } catch (failure) {
      if (isApiError(failure) && failure.status === 402) {
        // The order as it is now (Failed, or still open when no payment was made) before saying so.
        await invalidateAfterOrderAction(client);
        onDeclined(failure.message || CARD_MESSAGES.declined);
        return;
      }
      if (isApiError(failure) && failure.status === 400) {
        const mine = Object.fromEntries(Object.entries(failure.errors).filter(([key]) => key in values));
        if (Object.keys(mine).length) {
          setServerErrors(mine);
          setFocusInvalid((n) => n + 1);
          return;
        }
      }
      setAlert(alertOf(failure));
      if (!isRetryableFailure(failure)) void invalidateAfterOrderAction(client);
    }
  };

  return (
    <form id={`${id}-form`} className={styles.cardForm} noValidate aria-label="Card details" onSubmit={(e) => void pay(e)}>
      <TestModeBanner />
      <TextField {...bind('cardNumber')} label="Card number" hint="16 digits; spaces are fine." inputMode="numeric" autoComplete="cc-number" maxLength={23} />
      <div className={styles.cardFormRow}>
        <TextField {...bind('expiry')} label="Expiry date" hint="MM/YY" inputMode="numeric" autoComplete="cc-exp" maxLength={5} />
        <TextField {...bind('cvc')} label="Security code (CVC)" hint="3 digits" inputMode="numeric" autoComplete="cc-csc" maxLength={3} />
      </div>
      <OrderAlertBox alert={alert} retryHint="Press Pay again to retry: the same payment is sent, so you cannot pay twice." />
      <Button type="submit" className={styles.cardFormPay} loading={submit.pending}>
        Pay {orderMoney(order, order.paymentDetails?.paymentAmount)}
      </Button>
    </form>
  );
}
