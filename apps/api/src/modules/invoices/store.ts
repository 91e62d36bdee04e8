import { INVOICE_MESSAGES, INVOICE_PAGE_SIZE, type InvoiceListQuery } from '@landunits/domain';
import { and, count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { loadMoneySettings } from '../pricing';
import type { UserRow } from '../users';
import { billingDetailsOf } from '../verification';
import type { InvoiceFacts } from './draw-invoice';
import type { InvoiceOrdersReader } from './invoice-order';
import { invoices } from './schema';

export type InvoiceRow = typeof invoices.$inferSelect;

/** The invoice of one of this person's orders; undefined for an order without one, or someone else's. */
export async function findOwnInvoice(db: Db, userId: string, orderId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.userId, userId)))
    .orderBy(desc(invoices.issuedAt))
    .limit(1);
  return row;
}

const DAY_MS = 86_400_000;

/** A page of a person's invoices, newest first: issue dates are UTC days, both included; an order id matches in part. */
export async function findInvoicePage(db: Db, userId: string, query: InvoiceListQuery): Promise<{ rows: InvoiceRow[]; total: number }> {
  const conditions: SQL[] = [eq(invoices.userId, userId)];
  if (query.fromDate) conditions.push(gte(invoices.issuedAt, new Date(`${query.fromDate}T00:00:00Z`)));
  if (query.toDate) conditions.push(lt(invoices.issuedAt, new Date(new Date(`${query.toDate}T00:00:00Z`).getTime() + DAY_MS)));
  // The schema allows only Crockford base 32 letters and digits: nothing to escape in the pattern.
  if (query.orderId) conditions.push(like(invoices.orderId, `%${query.orderId}%`));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.issuedAt), desc(invoices.number))
      .limit(INVOICE_PAGE_SIZE)
      .offset((query.page - 1) * INVOICE_PAGE_SIZE),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

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

export const notFound = () => new AppError('NOT_FOUND', INVOICE_MESSAGES.notFound);
