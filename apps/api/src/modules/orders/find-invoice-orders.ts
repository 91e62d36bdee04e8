import type { PayoutBankDetails } from '@landunits/domain/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { InvoiceOrder } from '../invoices';
import type { OrderDetails, OrderRow, PaymentDetails } from './order-view';
import { orders, sellPayouts } from './schema';

function invoiceOrderOf(order: OrderRow, payout: typeof sellPayouts.$inferSelect | undefined): InvoiceOrder {
  const payment = order.paymentDetails as PaymentDetails | null;
  const details = (order.details ?? {}) as Partial<OrderDetails>;
  return {
    id: order.id,
    userId: order.userId,
    orderType: order.orderType,
    unitType: order.unitType,
    numberOfUnits: order.numberOfUnits,
    pricePerUnit: order.pricePerUnit,
    paymentMethod: order.paymentMethod,
    isDoubleLand: order.isDoubleLand,
    payment: payment
      ? {
          subTotal: payment.subTotal,
          discount: payment.discount,
          transactionFee: payment.transactionFee,
          fixedPercentageFees: payment.paymentMethodFees.fixedPercentageFees,
          fixedCentsFees: payment.paymentMethodFees.fixedCentsFees,
          paymentAmount: payment.paymentAmount,
        }
      : null,
    referenceCode: details.buy?.referenceCode ?? null,
    bonusUnits: order.bonusUnits ?? 0,
    sell: details.sell ?? null,
    payout: payout
      ? { amountCents: payout.amountCents, bankReference: payout.bankReference, bankDetails: payout.bankDetails as PayoutBankDetails, paidAt: payout.confirmedAt ?? payout.markedAt }
      : null,
  };
}

/** The orders an invoices page or PDF prints, by id, with a sale's payout (two queries, any number of ids). */
export async function invoiceOrdersOf(db: Db, orderIds: readonly string[]): Promise<Map<string, InvoiceOrder>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(orders).where(inArray(orders.id, ids));
  const sells = rows.filter((r) => r.orderType === 'SELL').map((r) => r.id);
  const payouts = sells.length ? await db.select().from(sellPayouts).where(inArray(sellPayouts.orderId, sells)) : [];
  const payoutOf = new Map(payouts.map((p) => [p.orderId, p]));
  return new Map(rows.map((row) => [row.id, invoiceOrderOf(row, payoutOf.get(row.id))]));
}
