import { type CreateTransferOrder, type Price, type UnitType } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { queryRows } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { IDEMPOTENCY_MESSAGES, insertKeySql, storedKeySql, type StoredResponse } from '../../platform/http/idempotency';
import { recipientCostCte, senderCostCte, valueInCents } from '../holdings';
import { INSUFFICIENT_UNITS_MESSAGE, transferCtes, userHolder } from '../ledger';
import type { Customer, OrderCreatedBody, Submission } from './order-types';
import { newOrderId } from './order-ids';
import { toOrderView, type OrderDetails, type OrderRow } from './order-view';
import { shortName } from './store';
import type { Person } from '../users';
import { enqueueJobsSql } from '../../platform/jobs/define';
import { emailJob } from '../../platform/mail/outbox';
import { composeOrderEmails } from './emails';
import { notificationsCte } from '../notifications';
import { orderNotifications } from './send-order-email';

/**
 * An immediate transfer (PRODUCT-DECISIONS §3: Completed at once, sender `owned` → recipient
 * `owned`) as ONE SQL statement: the guarded debit, the credit, the ledger entry, the order and its
 * first history row, both people's holding costs and the idempotency key with its stored answer.
 * The caller (create-transfer-order.ts) runs it in a transaction that has locked the sender's
 * safeguards first (decision 0051); that transaction is retried as a whole on a conflict.
 *
 * - Every write hangs off `ledger_debit`: when the sender holds too few Units, nothing is written
 *   and the key stays free (409).
 * - A key used before (seen in the statement's snapshot) stops the debit, and its stored answer is
 *   replayed (a concurrent request with the same key waited on the caller's lock and found it).
 * - Both accounts are locked in id order first (`transferCtes`), so two people sending each other
 *   Units at once queue instead of deadlocking; a deadlock that still happens fails the
 *   statement, and the caller's transaction is run again after a jittered wait (db/retry.ts).
 */

interface Outcome {
  created: number;
  fingerprint: string | null;
  status: number | null;
  response: string | null;
}

export interface TransferInput {
  customer: Pick<Customer, 'id' | 'email' | 'firstName' | 'lastName'>;
  recipient: Person;
  input: CreateTransferOrder;
  submission: Submission;
  price: Price;
  fees: OrderDetails['fees'];
}

export async function transferNow(ctx: DbContext, t: TransferInput): Promise<StoredResponse<OrderCreatedBody>> {
  const { customer, recipient, submission } = t;
  const { unitType, numberOfUnits } = t.input.currencyUnit;
  const units = BigInt(numberOfUnits);
  const scope = `user:${customer.id}`;

  const now = ctx.clock.now();
  const orderId = newOrderId(now.getTime());
  const row: OrderRow = {
    id: orderId,
    userId: customer.id,
    orderType: 'TRANSFER',
    orderStatus: 'Completed',
    paymentMethod: 'None',
    unitType: unitType as UnitType,
    numberOfUnits,
    recipientUserId: recipient.id,
    recipientEmail: recipient.email,
    scheduledDate: null,
    paymentDetails: null,
    pricePerUnit: t.price,
    amountCents: null,
    details: { fees: t.fees } satisfies OrderDetails,
    convertUnitType: null,
    convertUnits: null,
    dueAt: null,
    meta: t.input.hubspotMetaData ?? null,
    referenceCodeId: null,
    bonusUnits: null,
    isDoubleLand: false,
    providerPaymentId: null,
    paymentFlag: null,
    createdAt: now,
    updatedAt: now,
  };
  const body: OrderCreatedBody = { orderCreatedData: toOrderView(row, { direction: 'SENT', counterpartyName: shortName(recipient) }) };
  const response = JSON.stringify(body);
  const senderHolder = userHolder(customer.id);
  const at = now.toISOString();
  const value = valueInCents(units, t.price);
  // The sender's and the recipient's emails, queued by the statement itself when it creates the order.
  const emails = composeOrderEmails('transfer-sent', row, { owner: customer, recipient });

  const statement = sql`with
    existing as (${storedKeySql({ scope, key: submission.key })}),
    ${transferCtes({
      from: { holder: senderHolder, unitType, bucket: 'owned' },
      to: { holder: userHolder(recipient.id), unitType, bucket: 'owned' },
      units,
      orderId,
      at: now,
      when: sql`not exists (select 1 from existing)`,
    })},
    new_order as (
      insert into orders (id, user_id, order_type, order_status, payment_method, unit_type, number_of_units, recipient_user_id, recipient_email,
                          price_per_unit, details, meta, created_at, updated_at)
      select ${orderId}, ${customer.id}::uuid, 'TRANSFER', 'Completed', 'None', ${unitType}, ${numberOfUnits}::bigint, ${recipient.id}::uuid, ${recipient.email},
             ${t.price}::numeric, ${JSON.stringify(row.details)}::jsonb, ${row.meta === null ? null : JSON.stringify(row.meta)}::jsonb, ${at}::timestamptz, ${at}::timestamptz
      from ledger_entry
      returning id
    ),
    history as (
      insert into order_status_history (order_id, from_status, to_status, actor, created_at)
      select id, null, 'Completed', ${`user:${customer.id}`}, ${at}::timestamptz from new_order
    ),
    sender_cost as (
      ${senderCostCte({ userId: customer.id, unitType, units, when: sql`exists (select 1 from new_order)` })}
    ),
    recipient_cost as (
      ${recipientCostCte({ userId: recipient.id, unitType, valueCents: value, source: sql`new_order` })}
    ),
    emails as (
      ${enqueueJobsSql(emailJob, emails, { at, source: sql`new_order` })}
    ),
    notified as (
      ${notificationsCte(orderNotifications(emails, row, [customer, recipient], now), sql`new_order`)}
    ),
    new_key as (
      ${insertKeySql({ scope, key: submission.key, fingerprint: submission.fingerprint, status: 201, response, at, source: sql`new_order` })}
    )
    select (select count(*) from new_order)::int as created,
           (select fingerprint from existing) as fingerprint, (select status from existing) as status, (select response from existing) as response`;

  const [outcome] = await queryRows<Outcome>(ctx.db, statement);
  if (!outcome) throw new Error('the transfer statement answered no row');
  if (outcome.created === 1) return { status: 201, body, replayed: false };
  if (outcome.fingerprint !== null) return replayTransfer(outcome, submission);
  throw new AppError('INSUFFICIENT_UNITS', INSUFFICIENT_UNITS_MESSAGE);
}

/** A transfer's stored answer for a retry with its Idempotency-Key; another request with that key is refused. */
export type StoredTransferAnswer = Omit<Outcome, 'created'>;

export function replayTransfer(stored: StoredTransferAnswer, submission: Pick<Submission, 'fingerprint'>): StoredResponse<OrderCreatedBody> {
  if (stored.fingerprint !== submission.fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.reused);
  if (stored.status === null || stored.response === null) throw new Error('idempotency key row without an answer');
  return { status: stored.status, body: JSON.parse(stored.response) as OrderCreatedBody, replayed: true };
}
