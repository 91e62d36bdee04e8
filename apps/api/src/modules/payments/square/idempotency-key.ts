import { createHash } from 'node:crypto';
import type { OrderRow } from '../../orders';
import { orderIdempotencyKey } from '../card-payments';

/**
 * The idempotency key sent to Square with a payment: the order, the key of its create_order
 * submission and the key of this Pay submission, hashed. Square keeps one payment per key, so a
 * retried Pay (same submission, e.g. after a lost answer or a transaction run again) cannot charge
 * twice. Hashed because Square takes at most 45 characters and the two keys may be 100 each; the
 * order id is in it because create_order keys are unique per person only.
 */
export function squareIdempotencyKey(order: Pick<OrderRow, 'id' | 'details'>, payRequestKey: string): string {
  const source = `${order.id}\n${orderIdempotencyKey(order as OrderRow)}:${payRequestKey}`;
  return createHash('sha256').update(source, 'utf8').digest('base64url');
}
