import type { CreateTransferOrder } from '@landunits/domain';
import type { DbContext } from '../../platform/context';
import { queryRows } from '../../platform/db/client';
import { storedKeySql, type StoredResponse } from '../../platform/http/idempotency';
import { AppError } from '../../platform/http/app-error';
import { refuseDuringMoneyHold, transferNeedsStepUp } from '../auth';
import { feeSnapshot, findRecipient, type Today } from './new-order';
import type { Customer, OrderCreatedBody, StepUpCheck, Submission } from './order-types';
import { transferNow } from './transfer-now';

/**
 * An immediate transfer to another person, none during a cooling-off (decision 0049): the hot
 * path, one statement (transfer-now.ts). One of more Units than the person's threshold takes a
 * step-up proof first (decision 0050) and gives it back when the transfer is refused.
 */
export async function createTransferOrder(
  ctx: DbContext,
  customer: Customer,
  input: CreateTransferOrder,
  submission: Submission,
  today: Today,
  stepUp: StepUpCheck,
): Promise<StoredResponse<OrderCreatedBody>> {
  // A retry of a transfer already made replays its answer (transferNow), also once a hold has started.
  const [made] = await queryRows(ctx.db, storedKeySql({ scope: `user:${customer.id}`, key: submission.key }));
  if (!made) await refuseDuringMoneyHold(ctx.db, customer.id, today.now, 'own');
  const { settings, prices } = today;
  const recipient = await findRecipient(ctx.db, customer, input.transfer.recipientEmail);
  const { unitType } = input.currencyUnit;
  const proof = !made && (await transferNeedsStepUp(ctx.db, customer.id, input.currencyUnit.numberOfUnits)) ? await stepUp(ctx.db, 'transfer') : null;
  try {
    return await transferNow(ctx, { customer, recipient, input, submission, price: prices[unitType], fees: feeSnapshot(settings, unitType) });
  } catch (error) {
    if (proof && error instanceof AppError) await proof.giveBack(ctx.db);
    throw error;
  }
}
