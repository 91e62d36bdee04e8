import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { OrderView } from '../../shared/orders/types';
import { sessionQueryOptions } from '../../shared/session/session';
import { COIN_LABELS, isCryptoKind } from './buy-terms';
import { Figures } from './order-flow-view';
import { OrderLinks } from './order-parts';
import { OrderResult, orderMoney } from './order-result';
import { CopyValue, NotAwaitingPayment, OtherMethodRedirect, PaymentCard, PaymentReference, SentPaymentActions } from './payment-parts';
import * as styles from './orders.module.css';

/** The order's wallet address (copied onto the order when it was placed), else today's from the bundle. */
function walletOf(order: OrderView, bundle: unknown): string | null {
  if (order.buy?.walletAddress) return order.buy.walletAddress;
  const coin = order.buy?.cryptoType;
  if (!coin || typeof bundle !== 'object' || bundle === null) return null;
  const wallets = (bundle as { cryptoWallets?: Record<string, unknown> }).cryptoWallets;
  const address = wallets?.[coin];
  return typeof address === 'string' && address ? address : null;
}

function CryptoPayment({ order }: { order: OrderView }) {
  const bundle = useQuery(sessionQueryOptions).data;

  if (order.paymentMethod !== 'Crypto') return <OtherMethodRedirect order={order} />;
  if (order.orderStatus !== 'Initiated') return <NotAwaitingPayment order={order} />;

  const coin = order.buy?.cryptoType && isCryptoKind(order.buy.cryptoType) ? COIN_LABELS[order.buy.cryptoType] : 'Crypto';
  const wallet = walletOf(order, bundle);
  const amount = orderMoney(order, order.paymentDetails?.paymentAmount);

  return (
    <>
      <PaymentCard order={order}>
        <section className={styles.cryptoDetails} aria-labelledby="crypto-details-title">
          <h3 id="crypto-details-title" className={styles.bankDetailsTitle}>
            Where to send it
          </h3>
          <Figures rows={[{ label: 'Coin', value: coin }]} />
          {wallet ? (
            <CopyValue
              label={`Our ${coin} wallet address`}
              value={wallet}
              copyLabel="Copy address"
              copiedText="Address copied."
              hint={`Send only ${coin} to this address; other coins sent to it cannot be recovered.`}
              long
            />
          ) : (
            <p className={styles.orderAlert} role="alert">
              Our wallet address could not be loaded. Please reload the page, or <Link to="/contact-us">contact us</Link>.
            </p>
          )}
          {order.buy?.paymentId ? (
            <PaymentReference reference={order.buy.paymentId} hint="Add this reference to the transaction's note if your wallet allows it, and quote it if you write to us about this payment." />
          ) : null}
        </section>
        <p className={styles.paymentNote}>
          Send {coin} worth exactly <strong>{amount}</strong>, at the rate of the moment you send, before the deadline. Once it arrives in our wallet, an admin confirms it and the Units move from
          Pending to Owned.
        </p>
        <SentPaymentActions order={order} />
      </PaymentCard>
      <OrderLinks />
    </>
  );
}

/** /dashboard/buy-units/payment-crypto?orderId: where to send the coins, then "I have sent the payment". */
export function CryptoPaymentPage() {
  return (
    <OrderResult title="Pay with crypto" lead="Send the amount below to our wallet address before the deadline, then tell us you have sent it." types={['BUY']}>
      {(order) => <CryptoPayment order={order} />}
    </OrderResult>
  );
}
