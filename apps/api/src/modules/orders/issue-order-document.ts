import type { Db } from '../../platform/db/client';
import { issueInvoice } from '../invoices';
import type { OrderRow } from './order-view';

/**
 * Invoices (PRODUCT-DECISIONS §10, decision 0024): a buy gets its invoice in the transaction that
 * makes it paid (Approved by an admin, Completed by a card provider) and a sale its sale
 * statement in the one that completes it. Called after the order's ledger effects, so the year's
 * counter row is locked only at the end of those transactions and always after the ledger's rows.
 */
export async function issueOrderDocument(tx: Db, order: Pick<OrderRow, 'id' | 'userId' | 'orderType'>, at: Date): Promise<void> {
  if (order.orderType === 'BUY') await issueInvoice(tx, { orderId: order.id, userId: order.userId, kind: 'invoice', at });
  else if (order.orderType === 'SELL') await issueInvoice(tx, { orderId: order.id, userId: order.userId, kind: 'sale_statement', at });
}
