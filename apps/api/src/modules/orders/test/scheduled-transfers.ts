import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../platform/db/client';
import { createOrder, type TestUser } from './fixtures';

/** Runs `fn(0) … fn(count - 1)` with at most `limit` calls in flight; answers in index order. */
export async function inParallel<T>(count: number, limit: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) results[i] = await fn(i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}

export function futureTransferBody(recipientEmail: string, numberOfUnits: number, scheduledDate: string): Record<string, unknown> {
  return { orderType: 'TRANSFER_FUTURE', currencyUnit: { numberOfUnits }, transfer: { recipientEmail, scheduledDate } };
}

/** YYYY-MM-DD of the day after `now` (UTC). */
export const dayAfter = (now: Date) => new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);

export interface PlannedTransfer {
  sender: TestUser;
  recipient: TestUser;
  units: number;
}

/** Places the transfers over HTTP (POST /api/order/create_order), `limit` at a time; returns their order ids. */
export async function placeScheduledTransfers(app: FastifyInstance, plan: readonly PlannedTransfer[], scheduledDate: string, limit = 16): Promise<string[]> {
  return inParallel(plan.length, limit, async (i) => {
    const { sender, recipient, units } = plan[i] as PlannedTransfer;
    const res = await createOrder(app, sender.session, futureTransferBody(recipient.email, units, scheduledDate));
    if (res.statusCode !== 201) throw new Error(`scheduled transfer ${i} refused: ${res.statusCode} ${res.body}`);
    return res.json().orderCreatedData.orderId as string;
  });
}

/** Orders placed by these people, as the checks below need them. */
export interface ExecutionFacts {
  /** order id → status */
  status: Map<string, string>;
  /** Orders still due (due_at set). */
  due: number;
  /** order id → number of ledger entries moving the sender's transferQueued to the recipient's owned. */
  executions: Map<string, number>;
  /** order id → number of history rows into Completed. */
  completedRows: Map<string, number>;
}

/** What the jobs did to the orders placed by `senderIds`, read straight from the tables. */
export async function executionFacts(db: Db, senderIds: readonly string[]): Promise<ExecutionFacts> {
  const senders = sql.join(
    senderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const orders = await queryRows<{ id: string; order_status: string; due_at: unknown }>(db, sql`select id, order_status, due_at from orders where user_id in (${senders})`);
  const entries = await queryRows<{ order_id: string; n: string | number }>(
    db,
    sql`select e.order_id, count(*) as n
        from ledger_entries e
        join orders o on o.id = e.order_id
        join ledger_accounts d on d.id = e.debit_account
        join ledger_accounts c on c.id = e.credit_account
        where o.user_id in (${senders})
          and d.holder = 'user:' || o.user_id and d.bucket = 'transferQueued'
          and c.holder = 'user:' || o.recipient_user_id and c.bucket = 'owned'
          and e.units = o.number_of_units and d.unit_type = o.unit_type and c.unit_type = o.unit_type
        group by e.order_id`,
  );
  const history = await queryRows<{ order_id: string; n: string | number }>(
    db,
    sql`select h.order_id, count(*) as n from order_status_history h join orders o on o.id = h.order_id
        where o.user_id in (${senders}) and h.to_status = 'Completed' group by h.order_id`,
  );
  return {
    status: new Map(orders.map((o) => [o.id, o.order_status])),
    due: orders.filter((o) => o.due_at !== null).length,
    executions: new Map(entries.map((e) => [e.order_id, Number(e.n)])),
    completedRows: new Map(history.map((h) => [h.order_id, Number(h.n)])),
  };
}

/** How many of `ids` are in each count (e.g. {1: 1000} when each ran once). */
export function tally(ids: readonly string[], counts: Map<string, number>): Record<number, number> {
  const out: Record<number, number> = {};
  for (const id of ids) {
    const n = counts.get(id) ?? 0;
    out[n] = (out[n] ?? 0) + 1;
  }
  return out;
}
