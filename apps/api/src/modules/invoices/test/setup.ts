import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { queryRows, type Db } from '../../../platform/db/client';
import { createOrder, type TestUser } from '../../orders/test/fixtures';
import { buyBody, created, decide, successOrder } from '../../orders/test/lifecycle';

/** Helpers of the invoices tests: paid buys through the real order calls, and the invoice rows. */

/** A bank buy of `units` placed and marked sent by `user`: awaiting an admin (PaymentSent). */
export async function sentBankBuy(app: FastifyInstance, user: TestUser, units: number, unitType?: string): Promise<string> {
  const order = created(await createOrder(app, user.session, buyBody(units, unitType)));
  const sent = await successOrder(app, user.session, order.orderId);
  expect(sent.statusCode, sent.body).toBe(200);
  return order.orderId;
}

/** A bank buy approved by the admin: paid, so it has its invoice. */
export async function paidBankBuy(app: FastifyInstance, adminSession: string, user: TestUser, units: number, unitType?: string): Promise<string> {
  const orderId = await sentBankBuy(app, user, units, unitType);
  await decide(app, adminSession, orderId, 'Approved');
  return orderId;
}

export interface InvoiceDbRow {
  number: string;
  year: number;
  sequence: number;
  kind: string;
  order_id: string;
  user_id: string;
}

export const invoiceRows = (db: Db, year?: number) =>
  queryRows<InvoiceDbRow>(
    db,
    year === undefined
      ? sql`select number, year, sequence, kind, order_id, user_id from invoices order by year, sequence`
      : sql`select number, year, sequence, kind, order_id, user_id from invoices where year = ${year} order by sequence`,
  );

export async function counterOf(db: Db, year: number): Promise<number | null> {
  const [row] = await queryRows<{ last_number: number }>(db, sql`select last_number from invoice_counters where year = ${year}`);
  return row ? Number(row.last_number) : null;
}

export const renderUrl = (orderId: string) => `/api/utility/render-single-transaction-invoice?orderId=${encodeURIComponent(orderId)}`;
export const SEND_URL = '/api/utility/send-single-transaction-invoice';
