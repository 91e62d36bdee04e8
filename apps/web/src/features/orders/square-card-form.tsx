import { CARD_MESSAGES } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../shared/api/api-error';
import { isRetryableFailure, useIdempotentSubmit } from '../../shared/orders/idempotency';
import { invalidateAfterOrderAction } from '../../shared/orders/query-keys';
import { orderMoney } from './order-result';
import { ProviderCardFields } from './provider-card-fields';
import { ordersApi } from './orders-api';
import { alertOf } from './payment-parts';
import type { CardFormProps } from './test-card-form';
import type { OrderAlert } from './use-order-form';
import * as styles from './orders.module.css';

/**
 * Square's Web Payments SDK card field (live mode). The SDK is a script from `sdkUrl`, added only
 * on this page. Square turns the card into a one-time token; we send the token with the order id
 * (pay_card_square) and the server charges it and answers paid (200) or declined (402).
 */

/** The parts of Square's SDK this page uses. */
interface SquareCard {
  attach: (selector: string | HTMLElement) => Promise<void>;
  tokenize: () => Promise<{ status: string; token?: string; errors?: { message: string }[] }>;
  destroy: () => Promise<unknown>;
}

interface SquareSdk {
  payments: (applicationId: string, locationId: string) => { card: () => Promise<SquareCard> };
}

declare global {
  interface Window {
    Square?: SquareSdk;
  }
}

const scripts = new Map<string, Promise<SquareSdk>>();

/** Adds the SDK's script once per address; a failed load may be tried again. */
export function loadSquareSdk(url: string): Promise<SquareSdk> {
  const known = scripts.get(url);
  if (known) return known;
  const loading = new Promise<SquareSdk>((resolve, reject) => {
    if (window.Square) {
      resolve(window.Square);
      return;
    }
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (window.Square ? resolve(window.Square) : reject(new Error('Square did not load')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Square did not load'));
    };
    document.head.append(script);
  });
  loading.catch(() => scripts.delete(url));
  scripts.set(url, loading);
  return loading;
}

export interface SquareCardFormProps extends CardFormProps {
  applicationId: string;
  locationId: string;
  sdkUrl: string;
}

export function SquareCardForm({ order, applicationId, locationId, sdkUrl, onPaid, onDeclined }: SquareCardFormProps) {
  const client = useQueryClient();
  const mountRef = useRef<HTMLDivElement>(null);
  const [card, setCard] = useState<SquareCard | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [cardError, setCardError] = useState<string | undefined>();
  const [alert, setAlert] = useState<OrderAlert | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const submit = useIdempotentSubmit(ordersApi.payCardSquare);

  useEffect(() => {
    let stopped = false;
    let attached: SquareCard | null = null;
    loadSquareSdk(sdkUrl)
      .then((sdk) => sdk.payments(applicationId, locationId).card())
      .then(async (made) => {
        if (stopped || !mountRef.current) return;
        await made.attach(mountRef.current);
        attached = made;
        if (stopped) void made.destroy();
        else setCard(made);
      })
      .catch(() => {
        if (!stopped) setLoadFailed(true);
      });
    return () => {
      stopped = true;
      if (attached) void attached.destroy();
    };
  }, [sdkUrl, applicationId, locationId, attempt]);

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!card || tokenizing || submit.pending) return;
    setAlert(null);
    setCardError(undefined);
    setTokenizing(true);
    let token: string;
    try {
      const result = await card.tokenize();
      if (result.status !== 'OK' || !result.token) {
        setCardError(result.errors?.map((e) => e.message).join(' ') || 'Check the card details.');
        return;
      }
      token = result.token;
    } catch {
      setAlert({ message: 'We could not reach the card provider. Please check your connection and try again.', retryable: false });
      return;
    } finally {
      setTokenizing(false);
    }
    try {
      await submit.send({ orderId: order.orderId, sourceId: token });
      void invalidateAfterOrderAction(client);
      onPaid();
    } catch (failure) {
      if (isApiError(failure) && failure.status === 402) {
        // The order as it is now (Failed, or still open when no payment was made) before saying so.
        await invalidateAfterOrderAction(client);
        onDeclined(failure.message || CARD_MESSAGES.declined);
        return;
      }
      if (isApiError(failure) && failure.status === 400 && failure.errors.sourceId) {
        setCardError(failure.errors.sourceId);
        return;
      }
      setAlert(alertOf(failure));
      if (!isRetryableFailure(failure)) void invalidateAfterOrderAction(client);
    }
  };

  return (
    <ProviderCardFields
      provider="Square"
      hint="Card number, expiry date, security code and postcode. They go straight to our card provider."
      mountRef={mountRef}
      ready={!!card}
      loadFailed={loadFailed}
      onRetryLoad={() => {
        setLoadFailed(false);
        setAttempt((n) => n + 1);
      }}
      cardError={cardError ?? null}
      alert={alert}
      retryHint="Press Pay again to retry: the same payment is sent, so you cannot pay twice."
      paying={tokenizing || submit.pending}
      payLabel={`Pay ${orderMoney(order, order.paymentDetails?.paymentAmount)}`}
      elementClassName={styles.cardFormElementSquare}
      onSubmit={(e) => void pay(e)}
    />
  );
}
