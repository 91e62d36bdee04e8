import type { CreateTransferOrder } from '@landunits/domain';
import type { DbContext } from '../../platform/context';
import { queryRows } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { storedKeySql, type StoredResponse } from '../../platform/http/idempotency';
import { refuseDuringMoneyHold } from '../auth';
import { feeSnapshot, findRecipient, type Today } from './new-order';
import type { Customer, OrderCreatedBody, StepUpCheck, Submission } from './order-types';
import { replayTransfer, transferNow, type StoredTransferAnswer } from './transfer-now';
import { guardTransfers } from './store';

/**
 * An immediate transfer to another person, none during a cooling-off (decision 0049): the
 * transfer itself is one statement (transfer-now.ts), in a transaction that first locks the
 * person's safeguards (decision 0051): past their daily limit it is refused; taking what they
 * sent in the last 24 hours above their threshold, it takes a step-up proof (decision 0050),
 * which a refused transfer leaves, its transaction rolled back.
 */
export async function createTransferOrder(
  ctx: DbContext,
  customer: Customer,
  input: CreateTransferOrder,
  submission: Submission,
  today: Today,
  stepUp: StepUpCheck,
): Promise<StoredResponse<OrderCreatedBody>> {
  // A retry of a transfer already made replays its stored answer, also once a hold has started;
  // nothing is checked or moved again.
  const [made] = await queryRows<StoredTransferAnswer>(ctx.db, storedKeySql({ scope: `user:${customer.id}`, key: submission.key }));
  if (made) return replayTransfer(made, submission);
  await refuseDuringMoneyHold(ctx.db, customer.id, today.now, 'own');
  const { settings, prices } = today;
  const recipient = await findRecipient(ctx.db, customer, input.transfer.recipientEmail);
  const { unitType } = input.currencyUnit;
  const transfer = { customer, recipient, input, submission, price: prices[unitType], fees: feeSnapshot(settings, unitType) };
  return inTransaction(ctx.db, async (tx) => {
    const guard = await guardTransfers(tx, customer.id, today.now);
    // A retry sent while the first was under way waited on the lock: it replays, not counted twice.
    const [madeMeanwhile] = await queryRows<StoredTransferAnswer>(tx, storedKeySql({ scope: `user:${customer.id}`, key: submission.key }));
    if (madeMeanwhile) return replayTransfer(madeMeanwhile, submission);
    // This transfer and those of the last 24 hours together: many small ones count too.
    await guard.check({ units: BigInt(input.currencyUnit.numberOfUnits), written: false }, stepUp);
    // Conflicts are retried by the transaction as a whole.
    return transferNow({ ...ctx, db: tx }, transfer);
  });
}
