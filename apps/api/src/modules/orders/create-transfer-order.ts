import { initialStatus, ORDER_MESSAGES, type CreateTransferOrder, type UnitType } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { orders } from '../../platform/db/schema';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { runIdempotent, type StoredResponse } from '../../platform/http/idempotency';
import { postTransfers, userHolder } from '../ledger';
import { findActiveUserByEmail, type Person } from '../users';
import { newOrderId } from './order-ids';
import { recordStatusChange, userActor } from './status-history';

export interface OrderCreatedBody {
  orderCreatedData: {
    orderId: string;
    orderType: 'TRANSFER';
    orderStatus: string;
    currencyUnit: { unitType: UnitType; numberOfUnits: number };
    transfer: { recipientEmail: string };
    createdAt: string;
  };
}

/** The key of this submission and the fingerprint of its request (see platform/http/idempotency.ts). */
export interface Submission {
  key: string;
  fingerprint: string;
}

const recipientError = (message: string) => new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { recipientEmail: message });

/** The recipient of a transfer: another person with a confirmed account. */
async function findRecipient(tx: Db, sender: Pick<Person, 'id' | 'email'>, email: string): Promise<Person> {
  if (email === sender.email) throw recipientError(ORDER_MESSAGES.selfTransfer);
  const recipient = await findActiveUserByEmail(tx, email);
  if (!recipient) throw recipientError(ORDER_MESSAGES.noSuchRecipient);
  if (recipient.id === sender.id) throw recipientError(ORDER_MESSAGES.selfTransfer);
  return recipient;
}

/**
 * An immediate transfer (PRODUCT-DECISIONS §3): the order, its first status-history row and the
 * ledger posting sender `owned` → recipient `owned` commit together with the idempotency key, or
 * nothing does. A sender holding too few Units gets 409 (InsufficientUnitsError) and the key stays
 * free. A repeated key answers the first order again.
 */
export async function createTransferOrder(
  ctx: AppContext,
  sender: Pick<Person, 'id' | 'email'>,
  input: CreateTransferOrder,
  submission: Submission,
): Promise<StoredResponse<OrderCreatedBody>> {
  const { unitType, numberOfUnits } = input.currencyUnit;
  return runIdempotent(ctx.db, { scope: `user:${sender.id}`, key: submission.key, fingerprint: submission.fingerprint }, async (tx) => {
    const recipient = await findRecipient(tx, sender, input.transfer.recipientEmail);
    const now = ctx.clock.now();
    const orderId = newOrderId(now.getTime());
    const status = initialStatus('TRANSFER', 'None');
    await tx.insert(orders).values({
      id: orderId,
      userId: sender.id,
      orderType: 'TRANSFER',
      orderStatus: status,
      paymentMethod: 'None',
      unitType,
      numberOfUnits,
      recipientUserId: recipient.id,
      recipientEmail: recipient.email,
      meta: input.hubspotMetaData ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await recordStatusChange(tx, { orderId, from: null, to: status, actor: userActor(sender.id), at: now });
    // Last, so the account rows stay locked for as short a time as possible.
    await postTransfers(tx, [
      {
        from: { holder: userHolder(sender.id), unitType, bucket: 'owned' },
        to: { holder: userHolder(recipient.id), unitType, bucket: 'owned' },
        units: numberOfUnits,
        orderId,
      },
    ]);
    return {
      status: 201,
      body: {
        orderCreatedData: {
          orderId,
          orderType: 'TRANSFER',
          orderStatus: status,
          currencyUnit: { unitType, numberOfUnits },
          transfer: { recipientEmail: recipient.email },
          createdAt: now.toISOString(),
        },
      },
    };
  });
}
