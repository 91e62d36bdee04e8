import type { CreateTransferOrder } from '@landunits/domain';
import type { DbContext } from '../../platform/context';
import { queryRows } from '../../platform/db/client';
import { storedKeySql, type StoredResponse } from '../../platform/http/idempotency';
import { AppError } from '../../platform/http/app-error';
import { refuseDuringMoneyHold, transferNeedsStepUp } from '../auth';
import { feeSnapshot, findRecipient, type Today } from './new-order';
import type { Customer, OrderCreatedBody, StepUpCheck, Submission } from './order-types';
import { transferNow } from './transfer-now';
import { unitsSentRecently } from './transfers-sent';

/**
 * An immediate transfer to another person, none during a cooling-off (decision 0049): the hot
 * path, one statement (transfer-now.ts). One that takes the Units the person sent in the last 24
 * hours above their threshold takes a step-up proof first (decision 0050) and gives it back when
 * the transfer is refused.
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
  // This transfer and those of the last 24 hours together (decision 0050): many small ones ask too.
  const sending = BigInt(input.currencyUnit.numberOfUnits) + (made ? 0n : await unitsSentRecently(ctx.db, customer.id, today.now));
  const proof = !made && (await transferNeedsStepUp(ctx.db, customer.id, sending)) ? await stepUp(ctx.db, 'transfer') : null;
  try {
    return await transferNow(ctx, { customer, recipient, input, submission, price: prices[unitType], fees: feeSnapshot(settings, unitType) });
  } catch (error) {
    if (proof && error instanceof AppError) await proof.giveBack(ctx.db);
    throw error;
  }
}
