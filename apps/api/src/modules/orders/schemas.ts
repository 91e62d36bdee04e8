import { safeParseCreateOrder, type CreateOrder } from '@landunits/domain';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';

/**
 * The API's side of the order requests. The request schemas and their messages live in
 * @landunits/domain (src/orders/requests.ts), shared with the web forms; this file turns their
 * answers into the API's errors.
 */

/** Parses a create_order body against the schema of its order type; 400 with field errors otherwise. */
export function parseCreateOrder(body: unknown): CreateOrder {
  const result = safeParseCreateOrder(body);
  if (result.success) return result.data;
  throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, result.errors);
}
