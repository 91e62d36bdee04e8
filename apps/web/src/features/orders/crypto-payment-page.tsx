import { COIN_SYMBOLS, formatDateTime, formatMoney, formatPrice, type CryptoQuoteAnswer } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import type { OrderView } from '../../shared/orders/types';
import { sessionQueryOptions } from '../../shared/session/session';
import { Button } from '../../shared/ui/button';
import { QrCode } from '../../shared/ui/qr-code';
import { Spinner } from '../../shared/ui/spinner';
import { COIN_LABELS, isCryptoKind } from './buy-terms';
import { Figures } from './order-flow-view';
import { OrderLinks } from './order-parts';
import { OrderResult, orderMoney } from './order-result';
import { ordersApi } from './orders-api';
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

/** The time in whole seconds, read again every second while a countdown is shown. */
const subscribeToSeconds = (onChange: () => void) => {
  const timer = window.setInterval(onChange, 1000);
  return () => window.clearInterval(timer);
};
const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** Seconds left of a quote, counted down from what the server said when it answered (whatever this device's clock says). */
function useSecondsLeft(answer: CryptoQuoteAnswer | undefined, receivedAt: number): number {
  const now = useSyncExternalStore(subscribeToSeconds, nowInSeconds, nowInSeconds);
  if (!answer) return 0;
  return Math.max(0, Math.floor((receivedAt + answer.secondsLeft * 1000) / 1000) - now);
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The countdown as a screen reader says it: whole minutes, rounded up, then seconds in the last one. */
function timeLeftLabel(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second left' : `${seconds} seconds left`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute left' : `${minutes} minutes left`;
}

/**
 * The coin amount to send (decision 0069): the order's amount at the coin's rate, with the rate's
 * source and time, a countdown to the quote's expiry and a QR code of the payment request. An
 * expired quote is replaced by a new one at the rate of then.
 */
function CoinAmount({ order, coin }: { order: OrderView; coin: string }) {
  const quote = useQuery({
    // A new number of Units is a new amount: a new quote.
    queryKey: ['orders', 'crypto-quote', order.orderId, order.paymentDetails?.paymentAmount],
    queryFn: ({ signal }) => ordersApi.cryptoQuote(order.orderId, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const answer = quote.data;
  const secondsLeft = useSecondsLeft(answer, quote.dataUpdatedAt);

  if (quote.isPending) {
    return (
      <div className={styles.coinQuoteLoading}>
        <Spinner label={`Working out the amount in ${coin}…`} showLabel />
      </div>
    );
  }
  if (quote.isError && !answer) {
    return (
      <div className={styles.orderAlert} role="alert">
        <p className={styles.orderAlertMessage}>{errorMessage(quote.error)}</p>
        <Button variant="secondary" size="sm" loading={quote.isFetching} onClick={() => void quote.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!answer) return null;
  const { quote: q } = answer;
  const symbol = COIN_SYMBOLS[q.coin];
  const price = formatPrice(q.coinPrice, q.currency, 2);
  // Land Units' own price is the one in force when the amount was quoted; a provider's is dated by the provider.
  const rateOrigin = q.rateSource === 'Land Units' ? `Land Units’ rate at ${formatDateTime(q.quotedAt)}` : `${q.rateSource}, ${formatDateTime(q.rateAt ?? q.quotedAt)}`;
  const expired = secondsLeft === 0;

  return (
    <div className={styles.coinQuote}>
      <div>
        <CopyValue
          label="Amount to send"
          value={`${q.coinAmount} ${symbol}`}
          copyValue={q.coinAmount}
          copyLabel="Copy amount"
          copiedText="Amount copied."
          hint={`${formatMoney(q.paymentAmount, q.currency)} at 1 ${symbol} = ${price}.`}
        />
        <p className={styles.coinQuoteRate}>
          Rate: 1 {symbol} = {price} ({rateOrigin}).
        </p>
        {expired ? (
          <div className={styles.orderAlert} role="alert">
            <p className={styles.orderAlertMessage}>This amount expired at {formatDateTime(q.expiresAt)}: coin prices move, so get a new amount before you send.</p>
            <Button variant="secondary" size="sm" loading={quote.isFetching} onClick={() => void quote.refetch()}>
              Get a new amount
            </Button>
          </div>
        ) : (
          <p className={styles.coinQuoteTimer}>
            This amount holds for{' '}
            <strong role="timer" aria-label={timeLeftLabel(secondsLeft)}>
              {clock(secondsLeft)}
            </strong>{' '}
            (until {formatDateTime(q.expiresAt)}).
          </p>
        )}
        {quote.isError ? (
          <p className={styles.orderAlert} role="alert">
            {errorMessage(quote.error)}
          </p>
        ) : null}
      </div>
      {expired ? null : (
        <figure className={styles.coinQuoteFigure}>
          <QrCode className={styles.coinQuoteQr} svg={answer.qrCodeSvg} size={176} alt={`QR code: pay ${q.coinAmount} ${symbol} to our ${coin} wallet`} />
          <figcaption className={styles.coinQuoteQrCaption}>Scan with your wallet app: it fills in the address and the amount.</figcaption>
        </figure>
      )}
    </div>
  );
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
          {order.buy?.walletAddress ? <CoinAmount order={order} coin={coin} /> : null}
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
          Send the amount above, worth <strong>{amount}</strong>, while it holds and before the order’s deadline. Once it arrives in our wallet, an admin confirms it and the Units move from Pending to
          Owned.
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
