import { scheduledDateProblem, type CreateFutureTransferOrder } from '@landunits/domain';
import type { Db } from '../../../platform/db/client';
import { refuseDuringMoneyHold } from '../../auth';
import { postTransfers, userHolder } from '../../ledger';
import { shareLockUserById, type Person } from '../../users';
import { feeSnapshot, fieldError, findRecipient, insertOrder, type Today } from '../new-order';
import { newOrderId } from '../order-ids';
import { sendOrderNotice } from '../send-order-email';
import type { Customer } from '../order-types';
import type { OrderDetails, OrderRow } from '../order-view';

/** A scheduled transfer (TRANSFER_FUTURE): its Units wait in `transferQueued` until 00:00 UTC on its date. */
export async function scheduleTransfer(tx: Db, customer: Customer, input: CreateFutureTransferOrder, today: Today): Promise<{ row: OrderRow; recipient: Person }> {
  const { unitType, numberOfUnits } = input.currencyUnit;
  const { scheduledDate } = input.transfer;
  const problem = scheduledDateProblem(scheduledDate, today.now);
  if (problem) throw fieldError('scheduledDate', problem);
  // Under a share lock on the person, like a sale: a security change cannot commit between the check and the order.
  await shareLockUserById(tx, customer.id);
  await refuseDuringMoneyHold(tx, customer.id, today.now, 'own');
  const recipient = await findRecipient(tx, customer, input.transfer.recipientEmail);
  const orderId = newOrderId(today.now.getTime());
  const row = await insertOrder(tx, customer, orderId, today.now, {
    orderType: 'TRANSFER_FUTURE',
    paymentMethod: 'None',
    unitType,
    numberOfUnits,
    pricePerUnit: today.prices[unitType],
    details: { fees: feeSnapshot(today.settings, unitType) } satisfies OrderDetails,
    recipientUserId: recipient.id,
    recipientEmail: recipient.email,
    scheduledDate,
    // Runs at 00:00 UTC on its date.
    dueAt: new Date(`${scheduledDate}T00:00:00Z`),
    meta: input.hubspotMetaData ?? null,
  });
  await postTransfers(tx, [
    { from: { holder: userHolder(customer.id), unitType, bucket: 'owned' }, to: { holder: userHolder(customer.id), unitType, bucket: 'transferQueued' }, units: numberOfUnits, orderId },
  ]);
  await sendOrderNotice(tx, today.now, 'transfer-scheduled', row);
  return { row, recipient };
}
