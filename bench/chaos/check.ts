import pg from 'pg';
import type { ReceivedEmail } from '../../apps/api/src/test/smtp-sink';
import type { Op } from './load';

/**
 * What the database holds after the run, against what the clients were told: operations lost
 * (acknowledged but absent), money effects applied twice, and emails received twice.
 */

export interface MoneyFindings {
  lost: string[];
  duplicated: string[];
}

const CREATES = { transfer: 'TRANSFER', buy: 'BUY', sell: 'SELL' } as const;

export async function checkMoney(databaseUrl: string, ops: Op[]): Promise<MoneyFindings> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'chaos-check' });
  await client.connect();
  try {
    const orders = new Map<string, { userId: string; type: string; status: string; entries: number }>();
    const rows = await client.query<{ id: string; user_id: string; order_type: string; order_status: string; entries: string }>(
      `select o.id, o.user_id, o.order_type, o.order_status, (select count(*) from ledger_entries e where e.order_id = o.id)::text as entries from orders o`,
    );
    for (const r of rows.rows) orders.set(r.id, { userId: r.user_id, type: r.order_type, status: r.order_status, entries: Number(r.entries) });

    const lost: string[] = [];
    for (const op of ops.filter((o) => o.ok && o.orderId)) {
      const order = orders.get(op.orderId!);
      if (!order) lost.push(`${op.kind} ${op.orderId} acknowledged (${op.phase}) but not in the database`);
      else if ((op.kind === 'transfer' || op.kind === 'sell') && order.entries === 0) lost.push(`${op.kind} ${op.orderId} acknowledged (${op.phase}) but never posted`);
      else if (op.kind === 'buy-paid' && order.status === 'Initiated') lost.push(`payment sent on ${op.orderId} acknowledged (${op.phase}) but the order is still Initiated`);
      else if (op.kind === 'buy-approved' && ['Initiated', 'PaymentSent'].includes(order.status)) lost.push(`approval of ${op.orderId} acknowledged (${op.phase}) but the order is ${order.status}`);
    }

    // Each logical create has its own Idempotency-Key, kept across retries: at most one order each.
    const duplicated: string[] = [];
    const tries = new Map<string, number>();
    for (const op of ops) {
      if (!(op.kind in CREATES)) continue;
      const key = `${op.userId} ${CREATES[op.kind as keyof typeof CREATES]}`;
      tries.set(key, (tries.get(key) ?? 0) + 1);
    }
    const placed = new Map<string, number>();
    for (const order of orders.values()) placed.set(`${order.userId} ${order.type}`, (placed.get(`${order.userId} ${order.type}`) ?? 0) + 1);
    for (const [key, count] of placed) {
      const allowed = tries.get(key) ?? 0;
      if (count > allowed) duplicated.push(`${key}: ${count} orders for ${allowed} submissions`);
    }
    // One order never moves the same Units between the same two accounts twice.
    const repeats = await client.query<{ order_id: string; n: string }>(
      `select order_id, count(*)::text as n from ledger_entries where order_id is not null
       group by order_id, debit_account, credit_account, units having count(*) > 1`,
    );
    for (const r of repeats.rows) duplicated.push(`order ${r.order_id}: one posting applied ${r.n} times`);
    return { lost, duplicated };
  } finally {
    await client.end();
  }
}

/** Emails in the outbox not yet sent (pending); failed ones are counted apart. */
export async function outboxState(databaseUrl: string): Promise<{ pending: number; failed: number; done: number }> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'chaos-check' });
  await client.connect();
  try {
    const res = await client.query<{ status: string; n: string }>(`select status, count(*)::text as n from outbox where kind = 'email' group by status`);
    const of = (s: string) => Number(res.rows.find((r) => r.status === s)?.n ?? 0);
    return { pending: of('pending'), failed: of('failed'), done: of('done') };
  } finally {
    await client.end();
  }
}

export interface Window {
  phase: string;
  kind: 'graceful' | 'sigkill' | 'database' | 'steady';
  from: number;
}

export interface EmailFindings {
  received: number;
  /** Second copies, by the kind of disruption whose window they arrived in. */
  duplicates: Record<Window['kind'], number>;
  sameMessageId: number;
  sameContentOnly: number;
}

/**
 * A duplicate is an email whose Message-ID, or failing that whose recipient, subject and body,
 * arrived before. Each second copy is put down to the disruption whose window it arrived in
 * (the last one started before it).
 */
export function checkEmails(received: ReceivedEmail[], windows: Window[]): EmailFindings {
  const seenIds = new Set<string>();
  const seenContent = new Set<string>();
  const duplicates: EmailFindings['duplicates'] = { graceful: 0, sigkill: 0, database: 0, steady: 0 };
  let sameMessageId = 0;
  let sameContentOnly = 0;
  for (const email of [...received].sort((a, b) => a.at - b.at)) {
    const byId = email.messageId !== null && seenIds.has(email.messageId);
    const byContent = seenContent.has(email.contentDigest);
    if (email.messageId) seenIds.add(email.messageId);
    seenContent.add(email.contentDigest);
    if (!byId && !byContent) continue;
    if (byId) sameMessageId += 1;
    else sameContentOnly += 1;
    const window = windows.filter((w) => w.from <= email.at).at(-1);
    duplicates[window?.kind ?? 'steady'] += 1;
  }
  return { received: received.length, duplicates, sameMessageId, sameContentOnly };
}
