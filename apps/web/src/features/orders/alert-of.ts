import { errorMessage } from '../../shared/api/api-error';
import { isRetryableFailure } from '../../shared/orders/idempotency';
import type { OrderAlert } from './use-order-form';

/** The alert a failed order action shows. */
export function alertOf(failure: unknown): OrderAlert {
  return { message: errorMessage(failure), retryable: isRetryableFailure(failure) };
}
