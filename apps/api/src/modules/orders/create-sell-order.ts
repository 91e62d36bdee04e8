import { currencyOf, sellBlockedReason, sellPayout, type CreateSellOrder } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { valueInCents } from '../holdings';
import { postTransfers, userHolder } from '../ledger';
import { refuseDuringMoneyHold } from '../auth';
import { shareLockUserById } from '../users';
import { sendOrderEmail } from './send-order-email';
import { feeSnapshot, insertOrder, moneyRule, type Today } from './new-order';
import { newOrderId } from './order-ids';
import type { Customer } from './order-types';
import type { OrderDetails, OrderRow, PaymentDetails } from './order-view';

/**
 * A sale: profile and bank verification Approved and no cooling-off running (48 hours after a
 * security change, decision 0049); its Units move from `owned` to `pendingSell` until an admin decides.
 */
export async function createSellOrder(tx: Db, customer: Customer, input: CreateSellOrder, today: Today): Promise<OrderRow> {
  // Read under a share lock: a security change (which takes the account for update and starts the
  // hold; bank details also go back to Saved) cannot commit between this check and the sale.
  const account = await shareLockUserById(tx, customer.id);
  const blocked = sellBlockedReason(account ?? customer);
  if (blocked) throw new AppError('FORBIDDEN', blocked);
  await refuseDuringMoneyHold(tx, customer.id, today.now, 'own');
  const { unitType, numberOfUnits } = input.currencyUnit;
  const { settings, now } = today;
  const price = today.prices[unitType];
  const feeUnits = BigInt(settings.sellOrderTransactionFeeInUnits);
  const payout = moneyRule(() => sellPayout({ units: numberOfUnits, price, sellFeeUnits: feeUnits }));
  const gross = valueInCents(BigInt(numberOfUnits), price);
  const orderId = newOrderId(now.getTime());
  const paymentDetails: PaymentDetails = {
    currency: currencyOf(unitType),
    paymentMethod: 'None',
    subTotal: Number(gross),
    discount: 0,
    transactionFee: Number(gross - payout),
    paymentMethodFees: { fixedPercentageFees: 0, fixedCentsFees: 0 },
    paymentAmount: Number(payout),
  };
  const row = await insertOrder(tx, customer, orderId, now, {
    orderType: 'SELL',
    paymentMethod: 'None',
    unitType,
    numberOfUnits,
    pricePerUnit: price,
    amountCents: paymentDetails.paymentAmount,
    paymentDetails,
    details: {
      fees: feeSnapshot(settings, unitType),
      sell: { unitsSold: numberOfUnits - Number(feeUnits), feeUnits: Number(feeUnits), payoutAmount: paymentDetails.paymentAmount },
    } satisfies OrderDetails,
    meta: input.hubspotMetaData ?? null,
  });
  await postTransfers(tx, [
    { from: { holder: userHolder(customer.id), unitType, bucket: 'owned' }, to: { holder: userHolder(customer.id), unitType, bucket: 'pendingSell' }, units: numberOfUnits, orderId },
  ]);
  await sendOrderEmail(tx, now, 'sale-placed', row);
  return row;
}
