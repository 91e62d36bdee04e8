import { formatInvoiceNumber, type InvoiceKind } from '@landunits/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { invoiceCounters, invoices } from './schema';

export interface IssueInvoice {
  orderId: string;
  userId: string;
  kind: InvoiceKind;
  /** When the order became paid: the issue date, whose UTC year picks the series. */
  at: Date;
}

/**
 * Issues the invoice (or sale statement) of an order in the caller's transaction, the one that
 * makes the order paid, and answers its number. The year's counter row is raised by one with
 * `insert … on conflict do update … returning`: concurrent issuers queue on that row, each gets
 * the next number, and a transaction that rolls back takes its number back with it, so numbers
 * have no gap and no duplicate. The caller holds the order's row lock, so a second call for the
 * same order (a replay) finds the first invoice and issues nothing.
 */
export async function issueInvoice(tx: Db, issue: IssueInvoice): Promise<{ number: string; issued: boolean }> {
  const [existing] = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, issue.orderId), eq(invoices.kind, issue.kind)));
  if (existing) return { number: existing.number, issued: false };
  const year = issue.at.getUTCFullYear();
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!counter) throw new Error(`The invoice counter of ${year} was not raised`);
  const number = formatInvoiceNumber(year, counter.lastNumber);
  await tx.insert(invoices).values({ number, year, sequence: counter.lastNumber, kind: issue.kind, orderId: issue.orderId, userId: issue.userId, issuedAt: issue.at });
  return { number, issued: true };
}
