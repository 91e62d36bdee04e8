import { CARD_MESSAGES } from '@landunits/domain';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { invalidateAfterOrderAction } from '../../shared/orders/query-keys';
import { orderMoney } from './order-result';
import { ProviderCardFields } from './provider-card-fields';
import type { CardFormProps } from './test-card-form';
import type { OrderAlert } from './use-order-form';

/**
 * Stripe's own card field (live mode). Stripe.js is downloaded only here, with a dynamic import,
 * so no other page carries it. The card details go from Stripe's field to Stripe; we only hold the
 * PaymentIntent's client secret, and the order is completed by Stripe's webhook.
 */

interface Ready {
  stripe: Stripe;
  card: StripeCardElement;
}

export function StripeCardForm({ order, clientSecret, publishableKey, onPaid, onDeclined }: CardFormProps & { clientSecret: string; publishableKey: string }) {
  const client = useQueryClient();
  const mountRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<Ready | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [cardError, setCardError] = useState<string | undefined>();
  const [alert, setAlert] = useState<OrderAlert | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let stopped = false;
    let card: StripeCardElement | null = null;
    import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((stripe) => {
        if (stopped) return;
        if (!stripe || !mountRef.current) throw new Error('Stripe did not load');
        card = stripe.elements().create('card', { hidePostalCode: true, style: { base: { fontSize: '16px' } } });
        card.on('change', (event) => setCardError(event.error?.message));
        card.mount(mountRef.current);
        setReady({ stripe, card });
      })
      .catch(() => {
        if (!stopped) setLoadFailed(true);
      });
    return () => {
      stopped = true;
      card?.destroy();
    };
  }, [publishableKey, attempt]);

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready || paying) return;
    setAlert(null);
    setPaying(true);
    try {
      const result = await ready.stripe.confirmCardPayment(clientSecret, { payment_method: { card: ready.card } });
      if (result.error) {
        if (result.error.type === 'card_error') {
          await invalidateAfterOrderAction(client);
          onDeclined(result.error.message ? `${CARD_MESSAGES.declined} ${result.error.message}` : CARD_MESSAGES.declined);
        } else if (result.error.type === 'validation_error') {
          setCardError(result.error.message);
        } else {
          setAlert({ message: result.error.message ?? 'The payment could not be made. Please try again.', retryable: false });
        }
        return;
      }
      void invalidateAfterOrderAction(client);
      onPaid();
    } catch {
      setAlert({ message: 'We could not reach the card provider. Please check your connection and try again.', retryable: false });
    } finally {
      setPaying(false);
    }
  };

  return (
    <ProviderCardFields
      provider="Stripe"
      hint="Card number, expiry date and security code. They go straight to our card provider."
      mountRef={mountRef}
      ready={!!ready}
      loadFailed={loadFailed}
      onRetryLoad={() => {
        setLoadFailed(false);
        setAttempt((n) => n + 1);
      }}
      cardError={cardError ?? null}
      alert={alert}
      paying={paying}
      payLabel={`Pay ${orderMoney(order, order.paymentDetails?.paymentAmount)}`}
      onSubmit={(e) => void pay(e)}
    />
  );
}
