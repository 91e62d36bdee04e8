import type { CreateTransferOrder } from '@landunits/domain';
import type { DbContext } from '../../platform/context';
import { queryRows } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { storedKeySql, type StoredResponse } from '../../platform/http/idempotency';
import { refuseDuringMoneyHold } from '../auth';
import { feeSnapshot, findRecipient, type Today } from './new-order';
import type { Customer, OrderCreatedBody, StepUpCheck, Submission } from './order-types';
import { transferNow } from './transfer-now';
import { guardTransfers } from './transfers-sent';

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
  // A retry of a transfer already made replays its answer (transferNow), also once a hold has started.
  const [made] = await queryRows(ctx.db, storedKeySql({ scope: `user:${customer.id}`, key: submission.key }));
  if (!made) await refuseDuringMoneyHold(ctx.db, customer.id, today.now, 'own');
  const { settings, prices } = today;
  const recipient = await findRecipient(ctx.db, customer, input.transfer.recipientEmail);
  const { unitType } = input.currencyUnit;
  const transfer = { customer, recipient, input, submission, price: prices[unitType], fees: feeSnapshot(settings, unitType) };
  // A replay reads its stored answer; nothing is checked again.
  if (made) return transferNow(ctx, transfer);
  return inTransaction(ctx.db, async (tx) => {
    // This transfer and those of the last 24 hours together: many small ones count too.
    await (await guardTransfers(tx, customer.id, today.now)).check({ units: BigInt(input.currencyUnit.numberOfUnits), written: false }, stepUp);
    // Conflicts are retried by the transaction as a whole.
    return transferNow({ ...ctx, db: tx }, transfer, { attempts: 1 });
  });
}
