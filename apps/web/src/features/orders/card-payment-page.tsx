import { MAX_CARD_DECLINES, type CardProvider } from '@landunits/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/api-error';
import { useQueryParam } from '../../shared/lib/use-query-param';
import { OrderStatusBadge } from '../../shared/orders/order-status-badge';
import type { OrderView } from '../../shared/orders/types';
import { Button, buttonClassName } from '../../shared/ui/button';
import { ErrorState } from '../../shared/ui/error-state';
import { BUY_SUCCESS_PATH, CARD_SQUARE_PATH, CARD_STRIPE_PATH, NEW_BUY_PATH, withOrderId } from './buy-terms';
import { LoadingBlock, OrderLinks, OrderPage, OrderPageHeader } from './order-parts';
import { OrderResult } from './order-result';
import { cardSetupQuery, paymentIntentQuery } from './orders-api';
import { CancelBuyDialog, NotAwaitingPayment, OtherMethodRedirect, PaymentCard, useCancelBuy } from './payment-parts';
import { SquareCardForm } from './square-card-form';
import { StripeCardForm } from './stripe-card-form';
import { TestCardForm } from './test-card-form';
import * as styles from './orders.module.css';

/**
 * The card pages of a buy, one per provider. GET /order/get_payment_intent/{id} says how the page
 * takes the card: 'test' (no provider keys: the built-in TEST MODE form), or 'live' with the
 * provider's own field (Stripe Elements, Square's Web Payments SDK). A paid card goes to the
 * success page, which waits for the provider's confirmation. A declined card leaves the order
 * open with its Units reserved, so another card can be tried on it; the last decline the server
 * allows (MAX_CARD_DECLINES) fails it (decision 0067).
 */

const CARD_PAGES: Readonly<Record<CardProvider, string>> = { Card_Stripe: CARD_STRIPE_PATH, Card_Square: CARD_SQUARE_PATH };

/** The last card the order takes was declined: the order is Failed, nothing was taken, a new purchase starts from the Buy tab. */
function Declined({ order, message }: { order: OrderView; message: string }) {
  return (
    <>
      <section className={`${styles.orderCard} ${styles.paymentDeclined}`} aria-labelledby="declined-title">
        <div className={styles.orderResultHead}>
          <h2 id="declined-title" className={styles.orderCardTitle}>
            Payment declined
          </h2>
          <OrderStatusBadge order={order} />
        </div>
        <p role="alert" className={styles.paymentDeclinedMessage}>
          {message}
        </p>
        <p>
          {(order.buy?.cardDeclines ?? 0) >= MAX_CARD_DECLINES ? `After ${MAX_CARD_DECLINES} declined cards this order has failed` : 'This order has failed'} and its Units are released. You can start
          a new purchase and pay with another card or method.
        </p>
        <p>
          <Link to={NEW_BUY_PATH} className={buttonClassName('primary')}>
            Start a new purchase
          </Link>
        </p>
      </section>
      <OrderLinks />
    </>
  );
}

function CardForm({ order, provider, onDeclined }: { order: OrderView; provider: CardProvider; onDeclined: (message: string) => void }) {
  const navigate = useNavigate();
  const intent = useQuery(paymentIntentQuery(order.orderId));
  const onPaid = () => navigate(withOrderId(BUY_SUCCESS_PATH, order.orderId));

  if (intent.isPending) return <LoadingBlock label="Preparing the card payment…" />;
  if (intent.isError) {
    return <ErrorState title="The card payment could not be prepared" message={errorMessage(intent.error)} onRetry={() => void intent.refetch()} retrying={intent.isFetching} headingLevel={3} />;
  }
  const setup = intent.data;
  if (setup.mode === 'test') return <TestCardForm order={order} onPaid={onPaid} onDeclined={onDeclined} />;
  if (setup.provider === 'Card_Stripe' && provider === 'Card_Stripe') {
    return <StripeCardForm order={order} clientSecret={setup.clientSecret} publishableKey={setup.publishableKey} onPaid={onPaid} onDeclined={onDeclined} />;
  }
  if (setup.provider === 'Card_Square' && provider === 'Card_Square') {
    return <SquareCardForm order={order} applicationId={setup.applicationId} locationId={setup.locationId} sdkUrl={setup.sdkUrl} onPaid={onPaid} onDeclined={onDeclined} />;
  }
  return <ErrorState title="The card payment could not be prepared" message="The card provider's answer was not one we know. Please try again later." headingLevel={3} />;
}

/** What the person can still do on an open order after a declined card. */
function triesLeftText(order: OrderView): string {
  const declines = order.buy?.cardDeclines ?? 0;
  const left = MAX_CARD_DECLINES - declines;
  if (declines === 0 || left <= 0) return 'You can try another card.';
  return `Your Units stay reserved: you can try another card on this order (${left} ${left === 1 ? 'try' : 'tries'} left).`;
}

function CardPayment({ order, provider }: { order: OrderView; provider: CardProvider }) {
  const cancel = useCancelBuy();
  const [declined, setDeclined] = useState<string | null>(null);
  const intent = useQuery({ ...paymentIntentQuery(order.orderId), enabled: false });

  if (order.paymentMethod !== provider) return <OtherMethodRedirect order={order} />;
  const open = order.orderStatus === 'Initiated' || order.orderStatus === 'InProcess';
  // A decline that failed the order ends here; one that left it open (no payment was made) lets another card be tried.
  if (declined && !open) return <Declined order={order} message={declined} />;
  if (!open) return <NotAwaitingPayment order={order} />;

  // Changing the Units is for a payment not started at a provider: the test form's.
  const testMode = intent.data?.mode === 'test';
  return (
    <>
      <PaymentCard order={order} changeUnits={testMode}>
        {declined ? (
          <p role="alert" className={`${styles.orderAlert} ${styles.paymentDeclinedMessage}`}>
            {declined} {triesLeftText(order)}
          </p>
        ) : null}
        <CardForm order={order} provider={provider} onDeclined={setDeclined} />
        <p className={styles.paymentNote}>Once the card provider confirms the payment, the Units move to your Owned balance. Nothing is taken if the card is declined.</p>
        <div className={styles.orderActions}>
          <Button variant="secondary" onClick={() => cancel.show(order)}>
            Cancel order
          </Button>
        </div>
      </PaymentCard>
      <OrderLinks />
      <CancelBuyDialog action={cancel} sentHint={false} />
    </>
  );
}

function cardPage(provider: CardProvider) {
  return function CardPaymentPage() {
    return (
      <OrderResult title="Pay by card" lead="Pay for your Units by card." types={['BUY']}>
        {(order) => <CardPayment order={order} provider={provider} />}
      </OrderResult>
    );
  };
}

/** /dashboard/buy-units/payment-card-stripe?orderId. */
export const CardStripePaymentPage = cardPage('Card_Stripe');
/** /dashboard/buy-units/payment-card-square?orderId. */
export const CardSquarePaymentPage = cardPage('Card_Square');

/**
 * /dashboard/buy-units/payment-card/?orderId, the older card path: asks which provider takes cards
 * (GET /order/card_setup) and goes to its page with the same order, replacing this address.
 * Without an answer it goes to Stripe's page.
 */
export function CardRedirectPage() {
  const orderId = useQueryParam('orderId')?.trim() ?? '';
  const setup = useQuery(cardSetupQuery());
  if (setup.isPending) {
    return (
      <OrderPage narrow>
        <OrderPageHeader title="Pay by card" />
        <LoadingBlock label="Opening the card payment…" />
      </OrderPage>
    );
  }
  const provider: CardProvider = setup.data?.preferred === 'Card_Square' ? 'Card_Square' : 'Card_Stripe';
  return <Navigate replace to={orderId ? withOrderId(CARD_PAGES[provider], orderId) : CARD_PAGES[provider]} />;
}
