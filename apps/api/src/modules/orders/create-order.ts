import { MAKER_CHECKER_MESSAGES, type CreateOrder, type Price, type UnitType } from '@landunits/domain';
import type { DbContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { runIdempotent, type StoredResponse } from '../../platform/http/idempotency';
import { balancesOf, INSUFFICIENT_UNITS_MESSAGE, userHolder } from '../ledger';
import { forwardTracking } from '../marketing';
import { currentMoneySettings, currentPriceList } from '../pricing';
import { unitsConflict } from './buy-orders';
import { createBuyOrder } from './create-buy-order';
import { createConvertOrder } from './create-convert-order';
import { createSellOrder } from './create-sell-order';
import { createTransferOrder } from './create-transfer-order';
import { lockedDoubleLandMessage } from './dashboard-fragments';
import type { Today } from './new-order';
import type { Customer, OrderCreatedBody, StepUpCheck, Submission } from './order-types';
import { toOrderView, type OrderView } from './order-view';
import { guardTransfers, shortName } from './store';
import { scheduleTransfer } from './scheduled-transfers/schedule-transfer';

/**
 * POST /api/order/create_order. The order, its first status-history row, its ledger posting and
 * the idempotency key's stored answer commit together, or nothing does; a refused order (400, 403,
 * 409) leaves the key free for a corrected retry. A repeated key answers the first order again.
 * Staff accounts (any admin role) buy, sell, convert and transfer nothing: 403 (decision 0037).
 * A sale, and a transfer of more Units than the person's threshold, take a step-up proof once
 * everything else about the order holds (decision 0050), so a refused order never asks for one.
 */
export async function createOrder(ctx: DbContext, customer: Customer, input: CreateOrder, submission: Submission, stepUp: StepUpCheck): Promise<StoredResponse<OrderCreatedBody>> {
  if (customer.adminRole) throw new AppError('FORBIDDEN', MAKER_CHECKER_MESSAGES.staffTrades);
  const now = ctx.clock.now();
  const [list, settings] = await Promise.all([currentPriceList(ctx.db, now), currentMoneySettings(ctx.db, now)]);
  const prices = Object.fromEntries(Object.entries(list.body.prices).map(([type, p]) => [type, p.pricePerUnit])) as Record<UnitType, Price>;
  const today: Today = { now, settings, prices };
  try {
    return await placeOrder(ctx, customer, input, submission, today, stepUp);
  } catch (error) {
    throw await explainLockedUnits(ctx, customer, input, error);
  }
}

/**
 * A sale or transfer refused for want of free Units while some of that type are LU2X Units still
 * locked: the answer says how many can move now and when more unlock. Other errors pass unchanged.
 */
async function explainLockedUnits(ctx: DbContext, customer: Customer, input: CreateOrder, error: unknown): Promise<unknown> {
  const movesOwned = input.orderType === 'SELL' || input.orderType === 'TRANSFER' || input.orderType === 'TRANSFER_FUTURE';
  if (!movesOwned || !(error instanceof AppError) || error.message !== INSUFFICIENT_UNITS_MESSAGE) return error;
  const { unitType } = input.currencyUnit;
  const owned = (await balancesOf(ctx.db, userHolder(customer.id)))[unitType].owned ?? 0n;
  const message = await lockedDoubleLandMessage(ctx.db, customer.id, unitType, owned, ctx.clock.now());
  return message ? unitsConflict(message, 'INSUFFICIENT_UNITS') : error;
}

async function placeOrder(ctx: DbContext, customer: Customer, input: CreateOrder, submission: Submission, today: Today, stepUp: StepUpCheck): Promise<StoredResponse<OrderCreatedBody>> {
  // The hot path: one statement (transfer-now.ts).
  if (input.orderType === 'TRANSFER') return createTransferOrder(ctx, customer, input, submission, today, stepUp);
  return runIdempotent(ctx.db, { scope: `user:${customer.id}`, key: submission.key, fingerprint: submission.fingerprint }, async (tx) => {
    let view: OrderView;
    switch (input.orderType) {
      case 'BUY':
        view = toOrderView(await createBuyOrder(tx, customer, input, today, submission), { direction: 'SENT' });
        break;
      case 'SELL':
        view = toOrderView(await createSellOrder(tx, customer, input, today), { direction: 'SENT' });
        await stepUp(tx, 'sell');
        break;
      case 'TRANSFER_FUTURE': {
        // The person's safeguards are locked before the Units are reserved (their lock comes first).
        const guard = await guardTransfers(tx, customer.id, today.now);
        const { row, recipient } = await scheduleTransfer(tx, customer, input, today);
        await guard.check({ units: BigInt(input.currencyUnit.numberOfUnits), written: true }, stepUp);
        view = toOrderView(row, { direction: 'SENT', counterpartyName: shortName(recipient) });
        break;
      }
      case 'CONVERT':
        view = toOrderView(await createConvertOrder(tx, customer, input, today), { direction: 'SENT' });
        break;
    }
    // The tracking payload is stored with the order; with a tracker configured it is also forwarded.
    await forwardTracking(ctx, tx, { event: 'order_created', orderId: view.orderId, meta: input.hubspotMetaData });
    return { status: 201, body: { orderCreatedData: view } };
  });
}
