import type { CreateTransferOrder } from '@landunits/domain';
import type { DbContext } from '../../platform/context';
import { queryRows } from '../../platform/db/client';
import { storedKeySql, type StoredResponse } from '../../platform/http/idempotency';
import { refuseDuringMoneyHold } from '../auth';
import { feeSnapshot, findRecipient, type Today } from './new-order';
import type { Customer, OrderCreatedBody, Submission } from './order-types';
import { transferNow } from './transfer-now';

/** An immediate transfer to another person, none during a cooling-off (decision 0049): the hot path, one statement (transfer-now.ts). */
export async function createTransferOrder(ctx: DbContext, customer: Customer, input: CreateTransferOrder, submission: Submission, today: Today): Promise<StoredResponse<OrderCreatedBody>> {
  // A retry of a transfer already made replays its answer (transferNow), also once a hold has started.
  const [made] = await queryRows(ctx.db, storedKeySql({ scope: `user:${customer.id}`, key: submission.key }));
  if (!made) await refuseDuringMoneyHold(ctx.db, customer.id, today.now, 'own');
  const { settings, prices } = today;
  const recipient = await findRecipient(ctx.db, customer, input.transfer.recipientEmail);
  const { unitType } = input.currencyUnit;
  return transferNow(ctx, { customer, recipient, input, submission, price: prices[unitType], fees: feeSnapshot(settings, unitType) });
}
