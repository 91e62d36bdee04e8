import { currencyOf, type TransactionsQuery } from '@landunits/domain';
import type { AdminUserOrder, AdminUserOrders } from '@landunits/domain/contracts';
import type { Db } from '../../platform/db/client';
import { getTransactions, type OrderView } from '../orders';

function orderRow(view: OrderView): AdminUserOrder {
  const direction = view.direction === 'RECEIVED' ? 'RECEIVED' : 'SENT';
  const payment = view.paymentDetails as { paymentAmount?: unknown } | null;
  return {
    orderId: view.orderId,
    orderType: view.orderType,
    orderStatus: view.orderStatus,
    unitType: view.currencyUnit.unitType,
    numberOfUnits: view.currencyUnit.numberOfUnits,
    direction,
    paymentMethod: view.paymentMethod ?? null,
    amountCents: typeof payment?.paymentAmount === 'number' ? payment.paymentAmount : null,
    currency: currencyOf(view.currencyUnit.unitType),
    counterparty: direction === 'SENT' ? (view.counterpartyEmail ?? null) : view.counterpartyName,
    createdAt: view.createdAt,
  };
}

/** One page of the person's orders (placed and received), with the transaction list's filters and sorts. */
export async function orderRows(db: Db, userId: string, query: TransactionsQuery): Promise<AdminUserOrders> {
  const page = await getTransactions(db, userId, query);
  return { orders: page.transactions.map(orderRow), total: page.total, totalCapped: page.totalCapped, page: page.page, pageSize: page.pageSize };
}
