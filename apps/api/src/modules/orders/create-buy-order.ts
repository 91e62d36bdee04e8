import type { CreateBuyOrder } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { prepareBuy } from './buy-orders';
import { feeSnapshot, insertOrder, type Today } from './new-order';
import { newOrderId } from './order-ids';
import type { Customer, Submission } from './order-types';
import type { OrderDetails, OrderRow } from './order-view';
import { sendOrderEmail } from './send-order-email';

/** A buy (PRODUCT-DECISIONS §2–§4): priced, limits checked, its Units reserved from the supply (buy-orders.ts). */
export async function createBuyOrder(tx: Db, customer: Customer, input: CreateBuyOrder, today: Today, submission: Submission): Promise<OrderRow> {
  const { unitType } = input.currencyUnit;
  const orderId = newOrderId(today.now.getTime());
  const buy = await prepareBuy(tx, customer, input, { orderId, now: today.now, price: today.prices[unitType], settings: today.settings, idempotencyKey: submission.key });
  const row = await insertOrder(tx, customer, orderId, today.now, {
    ...buy.values,
    details: { fees: feeSnapshot(today.settings, unitType), buy: buy.buyDetails } satisfies OrderDetails,
  });
  await buy.reserve();
  await sendOrderEmail(tx, today.now, 'buy-placed', row);
  return row;
}
