import type { Db } from '../../platform/db/client';
import { loadMoneySettings } from '../pricing';
import type { UserRow } from '../users';
import { billingDetailsOf } from '../verification';
import type { InvoiceFacts } from './draw-invoice';
import type { InvoiceRow } from './find-invoices';
import type { InvoiceOrdersReader } from './invoice-order';

const fullName = (user: Pick<UserRow, 'firstName' | 'lastName'>) => [user.firstName, user.lastName].filter(Boolean).join(' ');

/**
 * What the invoice prints, read now: the order's figures (fixed once it is paid), the company's
 * legal details from the payment details settings, and the customer's name, address and business
 * details from their account and saved profile.
 */
export async function invoiceFacts(db: Db, invoice: InvoiceRow, user: UserRow, readOrders: InvoiceOrdersReader): Promise<InvoiceFacts> {
  const [orders, settings, billing] = await Promise.all([readOrders(db, [invoice.orderId]), loadMoneySettings(db), billingDetailsOf(db, user.id)]);
  const order = orders.get(invoice.orderId);
  if (!order) throw new Error(`Invoice ${invoice.number} has no order ${invoice.orderId}`);
  return {
    number: invoice.number,
    kind: invoice.kind,
    issuedAt: invoice.issuedAt,
    order,
    company: settings.company,
    customer: {
      name: fullName(user),
      email: user.email,
      isBusiness: user.userType === 'BUSINESS',
      businessName: billing.businessName || user.businessName || '',
      registrationNumber: billing.registrationNumber,
      vatNumber: billing.vatNumber,
      addressLines: billing.addressLines,
    },
  };
}
