import { formatDateTime } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminBankDetails, OrderView } from '../../shared/orders/types';
import { sessionQueryOptions } from '../../shared/session/session';
import type { FigureRow } from './order-breakdown';
import { Figures } from './order-flow-view';
import { OrderLinks } from './order-parts';
import { OrderResult } from './order-result';
import { NotAwaitingPayment, OtherMethodRedirect, PaymentCard, PaymentReference, SentPaymentActions } from './payment-parts';
import * as styles from './orders.module.css';

/** Where to send the money: the admin's bank account from the dashboard bundle. */
function BankDetails({ details }: { details: AdminBankDetails | null }) {
  if (!details) {
    return (
      <p className={styles.orderAlert} role="alert">
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
    <section aria-labelledby="bank-details-title" className={styles.bankDetails}>
      <h3 id="bank-details-title" className={styles.bankDetailsTitle}>
        Our bank account
      </h3>
      <Figures rows={rows} />
    </section>
  );
}

function readBankDetails(bundle: unknown): AdminBankDetails | null {
  if (typeof bundle !== 'object' || bundle === null) return null;
  const details = (bundle as { adminBankDetails?: unknown }).adminBankDetails;
  return typeof details === 'object' && details !== null ? (details as AdminBankDetails) : null;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * The deadline in words, with its weekday: it is counted in business days of the order's currency
 * (Monday to Friday, UTC; decision 0068), so a buy on a Friday is due the next week.
 */
function deadlineNote(order: OrderView): string {
  const after = 'Once the money arrives, an admin confirms it and the Units move from Pending to Owned.';
  const expiresAt = order.buy?.expiresAt;
  if (!expiresAt) return `Units are reserved for you until the payment deadline. ${after}`;
  const currency = order.paymentDetails?.currency;
  const transfer = currency ? `a bank transfer in ${currency}` : 'a bank transfer';
  return `Units are reserved for you until ${WEEKDAYS[new Date(expiresAt).getUTCDay()]} ${formatDateTime(expiresAt)}. The deadline allows for the business days (Monday to Friday, UTC) that ${transfer} takes to arrive. ${after}`;
}

function BankPayment({ order }: { order: OrderView }) {
  const bundle = useQuery(sessionQueryOptions).data;

  if (order.paymentMethod !== 'Bank') return <OtherMethodRedirect order={order} />;
  if (order.orderStatus !== 'Initiated') return <NotAwaitingPayment order={order} />;

  return (
    <>
      <PaymentCard order={order}>
        {order.buy?.paymentId ? <PaymentReference reference={order.buy.paymentId} /> : null}
        <BankDetails details={readBankDetails(bundle)} />
        <p className={styles.paymentNote}>{deadlineNote(order)}</p>
        <SentPaymentActions order={order} />
      </PaymentCard>
      <OrderLinks />
    </>
  );
}

/** /dashboard/buy-units/payment-bank?orderId: how to pay a bank buy, then "I have sent the payment". */
export function BankPaymentPage() {
  return (
    <OrderResult title="Pay by bank transfer" lead="Send the amount below from your bank account to ours, with the payment reference, before the deadline." types={['BUY']}>
      {(order) => <BankPayment order={order} />}
    </OrderResult>
  );
}
