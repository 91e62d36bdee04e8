import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { hubspotMetaData } from '../../shared/lib/tracking-meta';
import { isRetryableFailure, useIdempotentSubmit } from '../../shared/orders/idempotency';
import { invalidateAfterOrderAction } from '../../shared/orders/query-keys';
import type { AdminBankDetails, OrderView } from '../../shared/orders/types';
import { sessionQueryOptions } from '../../shared/session/session';
import { Button } from '../../shared/ui/button';
import type { FigureRow } from './order-breakdown';
import { Figures, OrderAlertBox } from './order-flow-view';
import { formatInstant, unitsOf } from './order-format';
import { OrderActionDialog, useOrderAction } from './order-action-dialog';
import { OrderLinks } from './order-parts';
import { OrderResult, orderMoney } from './order-result';
import { OrderStatusBadge } from '../../shared/orders/order-status-badge';
import { ordersApi } from './orders-api';
import type { OrderAlert } from './use-order-form';

export const BUY_SUCCESS_PATH = '/dashboard/buy-units/payment/success';
export const BUY_CANCELLED_PATH = '/dashboard/buy-units/cancelled';

const withOrderId = (path: string, orderId: string) => `${path}?orderId=${encodeURIComponent(orderId)}`;

function alertOf(failure: unknown): OrderAlert {
  return { message: errorMessage(failure), retryable: isRetryableFailure(failure) };
}

/** The payment reference, large, with a button that copies it. */
function PaymentReference({ reference }: { reference: string }) {
  const [copied, setCopied] = useState('');
  const textRef = useRef<HTMLElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      setCopied('Reference copied.');
    } catch {
      // No clipboard (older browser, insecure context): select the text for a manual copy.
      const node = textRef.current;
      const selection = window.getSelection();
      if (node && selection) selection.selectAllChildren(node);
      setCopied('Press Ctrl+C (or ⌘C) to copy the selected reference.');
    }
  };
  return (
    <div className="payment-reference">
      <p className="payment-reference__label" id="payment-reference-label">
        Payment reference
      </p>
      <div className="payment-reference__row">
        <strong ref={textRef} className="payment-reference__value" aria-labelledby="payment-reference-label">
          {reference}
        </strong>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy reference
        </Button>
      </div>
      <p className="payment-reference__hint">
        Put this reference in your payment so we can match it to your order. <span role="status">{copied}</span>
      </p>
    </div>
  );
}

/** Where to send the money: the admin's bank account from the dashboard bundle. */
function BankDetails({ details }: { details: AdminBankDetails | null }) {
  if (!details) {
    return (
      <p className="order-alert" role="alert">
        Our bank details could not be loaded. Please reload the page, or <Link to="/contact-us">contact us</Link>.
      </p>
    );
  }
  const rows: FigureRow[] = [
    { label: 'Account name', value: details.bankAccountName },
    { label: 'Bank', value: details.bankName },
    { label: 'Sort code', value: details.sortCode },
    { label: 'Account number', value: details.bankAccountNumber },
    { label: 'IBAN', value: details.iban },
    { label: 'SWIFT/BIC', value: details.swiftBic },
    { label: 'Bank address', value: details.bankAddress },
  ].filter((row) => row.value);
  return (
    <section aria-labelledby="bank-details-title" className="bank-details">
      <h3 id="bank-details-title" className="bank-details__title">
        Our bank account
      </h3>
      <Figures rows={rows} />
    </section>
  );
}

/** What to show for a buy that no longer waits for its payment. */
function NotAwaitingPayment({ order }: { order: OrderView }) {
  let link = { to: '/dashboard/my-transactions', label: 'See your transaction history' };
  if (order.orderStatus === 'PaymentSent' || order.orderStatus === 'PaymentSent_FromUserCrypto') {
    link = { to: withOrderId(BUY_SUCCESS_PATH, order.orderId), label: 'See what happens next' };
  } else if (order.orderStatus === 'Cancelled') {
    link = { to: withOrderId(BUY_CANCELLED_PATH, order.orderId), label: 'See the cancelled order' };
  }
  return (
    <div className="order-card order-result">
      <p className="order-result__status">
        This order no longer waits for a payment. Its status is <OrderStatusBadge order={order} />
      </p>
      <p>
        <Link to={link.to}>{link.label}</Link>
      </p>
    </div>
  );
}

function BankPayment({ order }: { order: OrderView }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const bundle = useQuery(sessionQueryOptions).data;
  const bankDetails = readBankDetails(bundle);
  const paid = useIdempotentSubmit(ordersApi.successOrder);
  const [alert, setAlert] = useState<OrderAlert | null>(null);
  const cancel = useOrderAction(ordersApi.cancelOrder, (cancelled) => navigate(withOrderId(BUY_CANCELLED_PATH, cancelled.orderId)));

  if (order.orderStatus !== 'Initiated') return <NotAwaitingPayment order={order} />;

  const sent = async () => {
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

  const amountRows: FigureRow[] = [
    { label: 'Amount to pay', value: orderMoney(order, order.paymentDetails?.paymentAmount), total: true },
    { label: 'Units', value: unitsOf(order.currencyUnit.numberOfUnits, order.currencyUnit.unitType) },
  ];
  if (order.buy?.expiresAt) amountRows.push({ label: 'Pay by', value: formatInstant(order.buy.expiresAt) });

  return (
    <>
      <section className="order-card payment" aria-labelledby="payment-title">
        <div className="order-result__head">
          <h2 id="payment-title" className="order-card__title">
            Your payment
          </h2>
          <OrderStatusBadge order={order} />
        </div>
        <Figures rows={amountRows} />
        {order.buy?.paymentId ? <PaymentReference reference={order.buy.paymentId} /> : null}
        <BankDetails details={bankDetails} />
        <p className="payment__note">
          Units are reserved for you until the payment deadline. Once the money arrives, an admin confirms it and the Units
          move from Pending to Owned.
        </p>
        <OrderAlertBox alert={alert} retryHint="Press “I have sent the payment” again to retry; it is safe to do so." />
        <div className="order-actions">
          <Button onClick={() => void sent()} loading={paid.pending}>
            I have sent the payment
          </Button>
          <Button variant="secondary" onClick={() => cancel.show(order)} disabled={paid.pending}>
            Cancel order
          </Button>
        </div>
      </section>
      <OrderLinks />
      <OrderActionDialog action={cancel} title="Cancel this order?" confirmLabel="Cancel order" keepLabel="Keep the order">
        {(target) => (
          <p>
            The {unitsOf(target.currencyUnit.numberOfUnits, target.currencyUnit.unitType)} reserved for you are released. If
            you have already sent the money, do not cancel: press “I have sent the payment” instead.
          </p>
        )}
      </OrderActionDialog>
    </>
  );
}

function readBankDetails(bundle: unknown): AdminBankDetails | null {
  if (typeof bundle !== 'object' || bundle === null) return null;
  const details = (bundle as { adminBankDetails?: unknown }).adminBankDetails;
  return typeof details === 'object' && details !== null ? (details as AdminBankDetails) : null;
}

/** /dashboard/buy-units/payment-bank?orderId: how to pay a bank buy, then "I have sent the payment". */
export function BankPaymentPage() {
  return (
    <OrderResult
      title="Pay by bank transfer"
      lead="Send the amount below from your bank account to ours, with the payment reference, before the deadline."
      types={['BUY']}
    >
      {(order) => <BankPayment order={order} />}
    </OrderResult>
  );
}
