import { currencyOf, INVOICE_PAGE_SIZE, type InvoiceListQuery } from '@landunits/domain';
import type { InvoicePage } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import type { UserRow } from '../users';
import type { InvoiceOrdersReader } from './invoice-order';
import { findInvoicePage } from './store';

/** GET /api/utility/invoices: a page of the person's invoices with each order's type, units and total. */
export async function listInvoices(ctx: AppContext, user: UserRow, query: InvoiceListQuery, readOrders: InvoiceOrdersReader): Promise<InvoicePage> {
  const { rows, total } = await findInvoicePage(ctx.db, user.id, query);
  const orders = await readOrders(
    ctx.db,
    rows.map((r) => r.orderId),
  );
  return {
    invoices: rows.flatMap((row) => {
      const order = orders.get(row.orderId);
      if (!order) return [];
      const totalCents = row.kind === 'sale_statement' ? (order.payout?.amountCents ?? order.sell?.payoutAmount ?? order.payment?.paymentAmount ?? 0) : (order.payment?.paymentAmount ?? 0);
      return [
        {
          number: row.number,
          kind: row.kind,
          issuedAt: row.issuedAt.toISOString(),
          orderId: row.orderId,
          orderType: order.orderType,
          unitType: order.unitType,
          numberOfUnits: order.numberOfUnits,
          currency: currencyOf(order.unitType),
          totalCents,
        },
      ];
    }),
    total,
    page: query.page,
    pageSize: INVOICE_PAGE_SIZE,
  };
}
