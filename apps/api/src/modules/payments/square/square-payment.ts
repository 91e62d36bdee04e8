import type { Square } from 'square';
import type { CardResult } from '../card-payments';

/**
 * A Square payment reduced to what an order needs. Square's own type has everything optional and
 * money as BigInt; this has cents as a safe integer and one of the five statuses, so the order
 * rules never deal with Square's shapes.
 */
export interface SquarePayment {
  id: string;
  status: SquarePaymentStatus;
  amountCents: number;
  currency: string;
  /** The order the payment was taken for (`reference_id`, set by createPayment); null when absent. */
  orderId: string | null;
  /** Why Square or the card issuer refused it (an error code such as CARD_DECLINED); null unless FAILED or CANCELED. */
  declineReason: string | null;
}

export type SquarePaymentStatus = 'APPROVED' | 'PENDING' | 'COMPLETED' | 'CANCELED' | 'FAILED';

const STATUSES: readonly string[] = ['APPROVED', 'PENDING', 'COMPLETED', 'CANCELED', 'FAILED'];

function centsOf(amount: bigint | number | null | undefined): number {
  if (amount === null || amount === undefined) return 0;
  const cents = typeof amount === 'bigint' ? Number(amount) : amount;
  // An amount we cannot hold exactly would credit the wrong sum: refuse it outright.
  if (!Number.isSafeInteger(cents) || BigInt(cents) !== BigInt(amount)) throw new Error(`Square reported an amount that is not a whole number of cents: ${String(amount)}`);
  return cents;
}

/**
 * Converts Square's payment (as the library parses it) into a SquarePayment. `errors` are the
 * errors of the response that carried it (a decline's CARD_DECLINED), used for the reason when the
 * card details carry none. An unknown status counts as PENDING: nothing happens to the order until
 * Square reports a final one.
 */
export function toSquarePayment(payment: Square.Payment, errors: readonly Square.Error_[] = []): SquarePayment {
  if (!payment.id) throw new Error('Square answered with a payment without an id');
  const status = (STATUSES.includes(payment.status ?? '') ? payment.status : 'PENDING') as SquarePaymentStatus;
  const money = payment.amountMoney ?? payment.totalMoney;
  const ended = status === 'FAILED' || status === 'CANCELED';
  const reasons = [...(payment.cardDetails?.errors ?? []), ...errors].map((e) => String(e.code)).filter(Boolean);
  return {
    id: payment.id,
    status,
    amountCents: centsOf(money?.amount),
    currency: String(money?.currency ?? '').toUpperCase(),
    orderId: payment.referenceId ?? null,
    declineReason: ended ? [...new Set(reasons)].join(', ') || status : null,
  };
}

/**
 * What the order rules (applyProviderEvent) are told: COMPLETED is money taken, FAILED and
 * CANCELED are no money taken, anything else is still undecided.
 */
export function toCardResult(payment: SquarePayment): CardResult {
  if (payment.status === 'COMPLETED') return { kind: 'succeeded', amountCents: payment.amountCents, currency: payment.currency, providerPaymentId: payment.id };
  if (payment.status === 'FAILED' || payment.status === 'CANCELED') return { kind: 'failed', reason: payment.declineReason ?? payment.status, providerPaymentId: payment.id };
  return { kind: 'pending', providerPaymentId: payment.id };
}
