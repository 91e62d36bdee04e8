import { currencyOf, ORDER_MESSAGES, referenceCodeProblem, type UnitType, type UpdateOrderAmount } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import { orders } from './schema';
import { AppError } from '../../platform/http/app-error';
import { runIdempotent, type StoredResponse } from '../../platform/http/idempotency';
import { codeError, findReferenceCodeById } from '../reference-codes';
import { currentMoneySettings, currentPriceList } from '../pricing';
import { checkLimit, lockBuyer, priceBuy, reserveSupply } from './buy-orders';
import type { Customer, Submission } from './order-types';
import { giveBackDoubleLandUnits, takeDoubleLandUnits, lockOwnOrder, transitionRefused } from './store';
import { toOrderView, type OrderDetails, type OrderView } from './order-view';

/**
 * POST /api/order/update_order_amount: new Units for a buy nobody has paid for yet (Initiated, no
 * card payment started). Every figure is recomputed at today's price and every limit checked again
 * (purchase limit without this order's old amount, supply cap, LU2X cap, the code's payment range);
 * the reservation grows or shrinks by the difference, in the same transaction.
 */
export async function updateOrderAmount(ctx: DbContext, customer: Customer, input: UpdateOrderAmount, submission: Submission): Promise<StoredResponse<{ orderUpdatedData: OrderView }>> {
  const now = ctx.clock.now();
  const [list, settings] = await Promise.all([currentPriceList(ctx.db, now), currentMoneySettings(ctx.db, now)]);
  return runIdempotent(ctx.db, { scope: `user:${customer.id}`, key: submission.key, fingerprint: submission.fingerprint }, async (tx) => {
    await lockBuyer(tx, customer.id);
    const order = await lockOwnOrder(tx, input.orderId, customer.id);
    if (order.orderType !== 'BUY' || order.orderStatus !== 'Initiated' || order.providerPaymentId) throw new AppError('TRANSITION_REFUSED', ORDER_MESSAGES.onlyInitiated);
    if (order.dueAt !== null && order.dueAt <= now) throw transitionRefused({ orderStatus: 'Expired' }, 'Initiated');
    const unitType = order.unitType as UnitType;
    const price = list.body.prices[unitType].pricePerUnit;
    const method = order.paymentMethod as 'Bank' | 'Crypto' | 'Card_Stripe' | 'Card_Square';
    const code = order.referenceCodeId ? await findReferenceCodeById(tx, order.referenceCodeId) : null;
    const pricing = priceBuy({ units: input.numberOfUnits, unitType, price, method, isDoubleLand: order.isDoubleLand, code: code ?? null, settings });
    if (code) {
      // The order already holds its use of the code; only the payment range is checked again.
      const range = {
        minPaymentAmountInCents: code.minPaymentAmountCents,
        maxPaymentAmountInCents: code.maxPaymentAmountCents,
        validFrom: null,
        validUntil: null,
        maxUses: null,
        uses: 0,
        disabled: false,
      };
      const problem = referenceCodeProblem(range, now, { subTotalCents: pricing.total.subTotal, currency: currencyOf(unitType) });
      if (problem) throw codeError(problem);
    }
    await checkLimit(tx, customer, settings, unitType, pricing.total.paymentAmount, BigInt(order.amountCents ?? 0));
    const delta = BigInt(input.numberOfUnits - order.numberOfUnits);
    if (order.isDoubleLand) {
      if (delta > 0n) await takeDoubleLandUnits(tx, delta, settings.doubleLandOfferCapUnits);
      else if (delta < 0n) await giveBackDoubleLandUnits(tx, -delta);
    }
    await reserveSupply(tx, { userId: customer.id, unitType, units: delta, orderId: order.id, price, settings });
    const details = order.details as OrderDetails;
    // A crypto buy's coin amount was for the old amount: the page asks for a new one.
    const { cryptoQuote: _stale, ...buy } = details.buy ?? {};
    const [updated] = await tx
      .update(orders)
      .set({
        numberOfUnits: input.numberOfUnits,
        pricePerUnit: price,
        amountCents: pricing.paymentDetails.paymentAmount,
        paymentDetails: pricing.paymentDetails,
        details: { ...details, ...(details.buy ? { buy: buy as typeof details.buy } : {}), fees: { ...details.fees, buyOrderTransactionFeeInCents: Number(pricing.total.transactionFee) } },
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error(`Order ${order.id} vanished while locked`);
    return { status: 200, body: { orderUpdatedData: toOrderView(updated, { direction: 'SENT' }) } };
  });
}
