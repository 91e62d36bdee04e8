import { formatDateTime } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { hubspotMetaData } from '../../shared/lib/tracking-meta';
import { isRetryableFailure, useIdempotentSubmit } from '../../shared/orders/idempotency';
import { OrderStatusBadge } from '../../shared/orders/order-status-badge';
import { invalidateAfterOrderAction } from '../../shared/orders/query-keys';
import type { OrderView } from '../../shared/orders/types';
import { Button } from '../../shared/ui/button';
import { BUY_CANCELLED_PATH, BUY_SUCCESS_PATH, NEW_BUY_PATH, orderMethodLabel, paymentPageFor, withOrderId } from './buy-terms';
import type { FigureRow } from './order-breakdown';
import { OrderActionDialog, useOrderAction } from './order-action-dialog';
import { Figures, FlowStepper, OrderAlertBox } from './order-flow-view';
import { unitsOf } from './order-format';
import { OrderLinks } from './order-parts';
import { orderMoney } from './order-result';
import { ChangeUnits } from './change-units';
import { ordersApi } from './orders-api';
import type { OrderAlert } from './use-order-form';

/**
 * The parts every buy payment page shares (bank, crypto, card): the amount and its figures, a
 * value to copy (payment reference, wallet address), "I have sent the payment", cancelling, changing
 * the number of Units, and the state of a buy that no longer waits for its payment.
 */

import { alertOf } from './alert-of';
import * as styles from './orders.module.css';

export { alertOf };

/** A value to type into a bank or wallet app, large, with a button that copies it. */
export function CopyValue({
  label,
  value,
  copyLabel,
  copiedText,
  hint,
  long = false,
  copyValue = value,
}: {
  label: string;
  value: string;
  /** What the button copies, when not the value as shown ('0.00358277' of '0.00358277 BTC'). */
  copyValue?: string;
  /** The button: 'Copy reference'. */
  copyLabel: string;
  /** Said once copied: 'Reference copied.' */
  copiedText: string;
  hint?: ReactNode;
  /** A long value (a wallet address): smaller type, broken anywhere. */
  long?: boolean;
}) {
  const labelId = `${useId()}-label`;
  const [copied, setCopied] = useState('');
  const textRef = useRef<HTMLElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(copyValue);
      setCopied(copiedText);
    } catch {
      // No clipboard (older browser, insecure context): select the text for a manual copy.
      const node = textRef.current;
      const selection = window.getSelection();
      if (node && selection) selection.selectAllChildren(node);
      setCopied('Press Ctrl+C (or ⌘C) to copy the selected text.');
    }
  };
  return (
    <div className={styles.paymentReference}>
      <p className={styles.paymentReferenceLabel} id={labelId}>
        {label}
      </p>
      <div className={styles.paymentReferenceRow}>
        <strong ref={textRef} className={long ? `${styles.paymentReferenceValue} ${styles.paymentReferenceValueLong}` : styles.paymentReferenceValue} aria-labelledby={labelId}>
          {value}
        </strong>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {copyLabel}
        </Button>
      </div>
      <p className={styles.paymentReferenceHint}>
        {hint} <span role="status">{copied}</span>
      </p>
    </div>
  );
}

/** The payment reference of a bank or crypto buy (the last 5 characters of the order id). */
export function PaymentReference({ reference, hint }: { reference: string; hint?: ReactNode }) {
  return (
    <CopyValue
      label="Payment reference"
      value={reference}
      copyLabel="Copy reference"
      copiedText="Reference copied."
      hint={hint ?? 'Put this reference in your payment so we can match it to your order.'}
    />
  );
}

/** What is paid for: the amount first, then how it is made up, and the deadline. */
export function paymentRows(order: OrderView): FigureRow[] {
  const { unitType, numberOfUnits, isDoubleLand } = order.currencyUnit;
  const details = order.paymentDetails;
  const rows: FigureRow[] = [
    { label: 'Amount to pay', value: orderMoney(order, details?.paymentAmount), total: true },
    { label: 'Units', value: unitsOf(numberOfUnits, unitType) },
  ];
  if (order.buy?.bonusUnits) rows.push({ label: 'Bonus Units', value: `+${unitsOf(order.buy.bonusUnits, unitType)}` });
  if (details) {
    rows.push({ label: isDoubleLand ? 'Subtotal (LU2X half price)' : 'Subtotal', value: orderMoney(order, details.subTotal) });
    if (details.discount) {
      const code = order.buy?.referenceCode;
      rows.push({ label: code ? `Discount (${code})` : 'Discount', value: `−${orderMoney(order, details.discount)}` });
    }
    rows.push({ label: 'Transaction fee', value: orderMoney(order, details.transactionFee) });
    const fees = details.paymentMethodFees;
    rows.push({ label: `${orderMethodLabel(order)} fee`, value: orderMoney(order, fees.fixedPercentageFees + fees.fixedCentsFees) });
  }
  if (order.buy?.expiresAt) rows.push({ label: 'Pay by', value: formatDateTime(order.buy.expiresAt) });
  return rows;
}

/** A buy opened on another method's page (an old link): its own payment page, in place of this one. */
export function OtherMethodRedirect({ order }: { order: OrderView }) {
  return <Navigate replace to={paymentPageFor(order)} />;
}

/** What to show for a buy that no longer waits for its payment. */
export function NotAwaitingPayment({ order }: { order: OrderView }) {
  let link = { to: '/dashboard/my-transactions', label: 'See your transaction history' };
  let text: ReactNode = null;
  if (order.orderStatus === 'PaymentSent' || order.orderStatus === 'PaymentSent_FromUserCrypto' || order.orderStatus === 'Completed') {
    link = { to: withOrderId(BUY_SUCCESS_PATH, order.orderId), label: 'See what happens next' };
  } else if (order.orderStatus === 'Cancelled') {
    link = { to: withOrderId(BUY_CANCELLED_PATH, order.orderId), label: 'See the cancelled order' };
  } else if (order.orderStatus === 'Failed' || order.orderStatus === 'Expired') {
    link = { to: NEW_BUY_PATH, label: 'Start a new purchase' };
    text = <p>No Units were added for this order and no money is due for it.</p>;
  }
  return (
    <div className={styles.orderCard}>
      <p>
        This order no longer waits for a payment. Its status is <OrderStatusBadge order={order} />
      </p>
      {text}
      <p>
        <Link to={link.to}>{link.label}</Link>
      </p>
      <OrderLinks />
    </div>
  );
}

/** "I have sent the payment" (bank, crypto): success_order, then the success page. */
export function useSentPayment(order: OrderView) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const paid = useIdempotentSubmit(ordersApi.successOrder);
  const [alert, setAlert] = useState<OrderAlert | null>(null);
  const send = async () => {
    if (paid.pending) return;
    setAlert(null);
    try {
      await paid.send({ orderId: order.orderId, hubspotMetaData: hubspotMetaData() });
      void invalidateAfterOrderAction(client);
      navigate(withOrderId(BUY_SUCCESS_PATH, order.orderId));
    } catch (failure) {
      setAlert(alertOf(failure));
      // The order may have changed (expired, cancelled elsewhere): show its current state.
      if (!isRetryableFailure(failure)) void invalidateAfterOrderAction(client);
    }
  };
  return { send, pending: paid.pending, alert };
}

/** Cancel an unpaid buy, after asking; then the cancelled page. */
export function useCancelBuy() {
  const navigate = useNavigate();
  return useOrderAction(ordersApi.cancelOrder, (cancelled) => navigate(withOrderId(BUY_CANCELLED_PATH, cancelled.orderId)));
}

export function CancelBuyDialog({ action, sentHint = true }: { action: ReturnType<typeof useCancelBuy>; sentHint?: boolean }) {
  return (
    <OrderActionDialog action={action} title="Cancel this order?" confirmLabel="Cancel order" keepLabel="Keep the order">
      {(target) => (
        <p>
          The {unitsOf(target.currencyUnit.numberOfUnits, target.currencyUnit.unitType)} reserved for you are released.
          {sentHint ? ' If you have already sent the money, do not cancel: press “I have sent the payment” instead.' : ''}
        </p>
      )}
    </OrderActionDialog>
  );
}

/** The actions of a bank or crypto payment page: "I have sent the payment" and Cancel order (after asking). */
export function SentPaymentActions({ order }: { order: OrderView }) {
  const sent = useSentPayment(order);
  const cancel = useCancelBuy();
  return (
    <>
      <OrderAlertBox alert={sent.alert} retryHint="Press “I have sent the payment” again to retry; it is safe to do so." />
      <div className={styles.orderActions}>
        <Button onClick={() => void sent.send()} loading={sent.pending}>
          I have sent the payment
        </Button>
        <Button variant="secondary" onClick={() => cancel.show(order)} disabled={sent.pending}>
          Cancel order
        </Button>
      </div>
      <CancelBuyDialog action={cancel} />
    </>
  );
}

/** The card of an unpaid buy, the buy's fourth step: heading with the status, the figures, then what the page adds. */
export function PaymentCard({
  order,
  title = 'Your payment',
  changeUnits = true,
  children,
}: {
  order: OrderView;
  title?: string;
  /** Offer "Change the number of Units" while the order is Initiated. */
  changeUnits?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <>
      <FlowStepper flow="buy" at={3} />
      <section className={styles.orderCard} aria-labelledby={`${id}-title`}>
        <div className={styles.orderResultHead}>
          <h2 id={`${id}-title`} className={styles.orderCardTitle}>
            {title}
          </h2>
          <OrderStatusBadge order={order} />
        </div>
        <Figures rows={paymentRows(order)} />
        {changeUnits && order.orderStatus === 'Initiated' ? <ChangeUnits order={order} /> : null}
        {children}
      </section>
    </>
  );
}
