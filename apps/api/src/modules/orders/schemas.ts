import { ORDER_MESSAGES, safeParseCreateOrder, type CreateTransferOrder } from '@landunits/domain';
import { z } from 'zod';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';

/**
 * The API's side of the order requests. The request schemas and their messages live in
 * @landunits/domain (src/orders/requests.ts), shared with the web forms; this file turns their
 * answers into the API's errors and holds the route parameters.
 */

/** Parses a create_order body: only TRANSFER orders exist in this slice; other types are refused with 400. */
export function parseCreateOrder(body: unknown): CreateTransferOrder {
  const result = safeParseCreateOrder(body);
  if (result.success) return result.data;
  if (result.reason === 'orderTypeNotAvailable') throw new AppError('BAD_REQUEST', ORDER_MESSAGES.orderTypeNotAvailable, result.errors);
  throw new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, result.errors);
}

export const OrderIdParamsSchema = z.object({ id: z.string() });
