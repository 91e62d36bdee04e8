import {
  convertUnlockAt,
  convertUnits,
  currencyOf,
  exchangeRate,
  exchangeRateExact,
  divRoundHalfUp,
  initialStatus,
  MONEY_MESSAGES,
  MoneyRuleError,
  ORDER_MESSAGES,
  scheduledDateProblem,
  sellBlockedReason,
  sellPayout,
  type CreateBuyOrder,
  type CreateConvertOrder,
  type CreateFutureTransferOrder,
  type CreateOrder,
  type CreateSellOrder,
  type MoneySettings,
  type OrderStatus,
  type PaymentMethod,
  type Price,
  type UnitType,
  type VerificationStatus,
} from '@landunits/domain';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { orders } from '../../platform/db/schema';
import { AppError, VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { runIdempotent, type StoredResponse } from '../../platform/http/idempotency';
import { balancesOf, INSUFFICIENT_UNITS_MESSAGE, InsufficientUnitsError, postTransfers, systemHolder, userHolder } from '../ledger';
import { lockedDoubleLandMessage } from './double-land';
import { currentMoneySettings, currentPriceList } from '../pricing';
import { findActiveUserByEmail, type Person } from '../users';
import { addCost, issuerSupply, supplyCapUnits, takeCost, valueInCents } from './holdings';
import { newOrderId } from './order-ids';
import { toOrderView, type OrderDetails, type OrderRow, type OrderView, type PaymentDetails } from './order-view';
import { shortName } from './people';
import { prepareBuy, unitsConflict } from './buy-orders';
import { transferNow } from './transfer-now';
import { recordStatusChange, userActor } from './status-history';

/** Who places an order: the signed-in person with what the rules need to know of them. */
export interface Customer extends Person {
  userType: 'USER' | 'BUSINESS';
  profileVerificationStatus: VerificationStatus;
  bankVerificationStatus: VerificationStatus;
  purchaseLimitOverrideCents: number | null;
}

export interface OrderCreatedBody {
  orderCreatedData: OrderView;
}

/** The key of this submission and the fingerprint of its request (see platform/http/idempotency.ts). */
export interface Submission {
  key: string;
  fingerprint: string;
}

/** A 400 naming the form field at fault. */
export const fieldError = (field: string, message: string) => new AppError('VALIDATION_FAILED', VALIDATION_MESSAGE, { [field]: message });

/** Money rules (sell below the fee, a conversion giving nothing) are the user's input at fault: 400 on the units field. */
function moneyRule<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof MoneyRuleError) throw fieldError('numberOfUnits', error.message);
    throw error;
  }
}

/** The recipient of a transfer: another person with a confirmed account. */
async function findRecipient(tx: Db, sender: Pick<Person, 'id' | 'email'>, email: string): Promise<Person> {
  if (email === sender.email) throw fieldError('recipientEmail', ORDER_MESSAGES.selfTransfer);
  const recipient = await findActiveUserByEmail(tx, email);
  if (!recipient) throw fieldError('recipientEmail', ORDER_MESSAGES.noSuchRecipient);
  if (recipient.id === sender.id) throw fieldError('recipientEmail', ORDER_MESSAGES.selfTransfer);
  return recipient;
}

interface Today {
  now: Date;
  settings: MoneySettings;
  prices: Record<UnitType, Price>;
}

function feeSnapshot(settings: MoneySettings, unitType: UnitType): OrderDetails['fees'] {
  return {
    buyOrderTransactionFeeInCents: settings.buyOrderTransactionFeeInCents[currencyOf(unitType)],
    sellOrderTransactionFeeInUnits: settings.sellOrderTransactionFeeInUnits,
    convertOrderTransactionFeeInUnits: settings.convertOrderTransactionFeeInUnits,
  };
}

type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'userId' | 'orderStatus' | 'createdAt' | 'updatedAt'> & {
  orderType: CreateOrder['orderType'];
  paymentMethod: PaymentMethod;
};

/** Inserts the order in its initial status with its first history row. */
async function insertOrder(tx: Db, customer: Customer, orderId: string, now: Date, values: NewOrder): Promise<OrderRow> {
  const status: OrderStatus = initialStatus(values.orderType, values.paymentMethod);
  const [row] = await tx
    .insert(orders)
    .values({ ...values, id: orderId, userId: customer.id, orderStatus: status, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await recordStatusChange(tx, { orderId, from: null, to: status, actor: userActor(customer.id), at: now });
  return row;
}

// ── BUY ─────────────────────────────────────────────────────────────────────────────────────

async function createBuy(tx: Db, customer: Customer, input: CreateBuyOrder, today: Today, submission: Submission): Promise<OrderRow> {
  const { unitType } = input.currencyUnit;
  const orderId = newOrderId(today.now.getTime());
  const buy = await prepareBuy(tx, customer, input, { orderId, now: today.now, price: today.prices[unitType], settings: today.settings, idempotencyKey: submission.key });
  const row = await insertOrder(tx, customer, orderId, today.now, {
    ...buy.values,
    details: { fees: feeSnapshot(today.settings, unitType), buy: buy.buyDetails } satisfies OrderDetails,
  });
  await buy.reserve();
  return row;
}

// ── SELL ────────────────────────────────────────────────────────────────────────────────────

async function createSell(tx: Db, customer: Customer, input: CreateSellOrder, today: Today): Promise<OrderRow> {
  const blocked = sellBlockedReason(customer);
  if (blocked) throw new AppError('FORBIDDEN', blocked);
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
  return row;
}

// ── TRANSFER and TRANSFER_FUTURE ────────────────────────────────────────────────────────────

async function createFutureTransfer(tx: Db, customer: Customer, input: CreateFutureTransferOrder, today: Today): Promise<{ row: OrderRow; recipient: Person }> {
  const { unitType, numberOfUnits } = input.currencyUnit;
  const { scheduledDate } = input.transfer;
  const problem = scheduledDateProblem(scheduledDate, today.now);
  if (problem) throw fieldError('scheduledDate', problem);
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
  return { row, recipient };
}

// ── CONVERT ─────────────────────────────────────────────────────────────────────────────────

async function createConvert(tx: Db, customer: Customer, input: CreateConvertOrder, today: Today): Promise<OrderRow> {
  const { unitType: from, numberOfUnits } = input.currencyUnit;
  const to = input.convert.unitType;
  const { settings, now, prices } = today;
  const rateFrom = settings.exchangeRates[currencyOf(from)];
  const rateTo = settings.exchangeRates[currencyOf(to)];
  const result = moneyRule(() =>
    convertUnits({ units: numberOfUnits, priceFrom: prices[from], priceTo: prices[to], rateFrom, rateTo, convertFeeUnits: settings.convertOrderTransactionFeeInUnits }),
  );
  const holder = userHolder(customer.id);
  // More Units out than the ledger takes (a safe integer) is far beyond anything anyone owns: 409, not a crash.
  if (result.unitsOut > BigInt(Number.MAX_SAFE_INTEGER)) throw unitsConflict(MONEY_MESSAGES.convertUpTo((await balancesOf(tx, holder))[from].owned ?? 0n), 'INSUFFICIENT_UNITS');
  const orderId = newOrderId(now.getTime());
  const unlockAt = convertUnlockAt(now, settings);
  const row = await insertOrder(tx, customer, orderId, now, {
    orderType: 'CONVERT',
    paymentMethod: 'None',
    unitType: from,
    numberOfUnits,
    pricePerUnit: prices[from],
    convertUnitType: to,
    convertUnits: Number(result.unitsOut),
    details: {
      fees: feeSnapshot(settings, from),
      convert: { pricePerUnit: prices[to], exchangeRate: exchangeRate(currencyOf(from), currencyOf(to), settings.exchangeRates), feeUnits: Number(result.feeUnits), unlockAt: unlockAt.toISOString() },
    } satisfies OrderDetails,
    dueAt: unlockAt,
    meta: input.hubspotMetaData ?? null,
  });
  try {
    await postTransfers(tx, [
      // The Units given back to the supply of their type…
      { from: { holder, unitType: from, bucket: 'owned' }, to: issuerSupply(from), units: numberOfUnits, orderId },
      // …and new Units of the target type from its supply, locked for convertLockDays, within its cap.
      { from: issuerSupply(to), to: { holder, unitType: to, bucket: 'convertLocked' }, units: result.unitsOut, orderId, floor: -supplyCapUnits(to, prices[to], settings) },
    ]);
  } catch (error) {
    if (!(error instanceof InsufficientUnitsError)) throw error;
    if (error.account.holder === holder) {
      const owned = (await balancesOf(tx, holder))[from].owned ?? 0n;
      throw unitsConflict(MONEY_MESSAGES.convertUpTo(owned), 'INSUFFICIENT_UNITS');
    }
    // The target type's supply cap: the most Units of the source type whose conversion still fits.
    const cap = supplyCapUnits(to, prices[to], settings);
    const outstanding = -((await balancesOf(tx, systemHolder('issuer')))[to].supply ?? 0n);
    const room = cap > outstanding ? cap - outstanding : 0n;
    const fits = (units: bigint) => {
      try {
        return convertUnits({ units, priceFrom: prices[from], priceTo: prices[to], rateFrom, rateTo, convertFeeUnits: settings.convertOrderTransactionFeeInUnits }).unitsOut <= room;
      } catch {
        return true; // gives no Units at all
      }
    };
    let low = 0n;
    let high = BigInt(numberOfUnits);
    while (low < high) {
      const mid = (low + high + 1n) / 2n;
      if (fits(mid)) low = mid;
      else high = mid - 1n;
    }
    throw unitsConflict(MONEY_MESSAGES.convertUpTo(low));
  }
  // The cost of the Units given follows them into the new currency.
  const cost = await takeCost(tx, customer.id, from, BigInt(numberOfUnits));
  const rate = exchangeRateExact(currencyOf(from), currencyOf(to), settings.exchangeRates);
  await addCost(tx, customer.id, to, divRoundHalfUp(cost * rate.num, rate.den));
  return row;
}

// ── Dispatcher ──────────────────────────────────────────────────────────────────────────────

/**
 * POST /api/order/create_order. The order, its first status-history row, its ledger posting and
 * the idempotency key's stored answer commit together, or nothing does; a refused order (400, 403,
 * 409) leaves the key free for a corrected retry. A repeated key answers the first order again.
 */
export async function createOrder(ctx: DbContext, customer: Customer, input: CreateOrder, submission: Submission): Promise<StoredResponse<OrderCreatedBody>> {
  const now = ctx.clock.now();
  const [list, settings] = await Promise.all([currentPriceList(ctx.db, now), currentMoneySettings(ctx.db, now)]);
  const prices = Object.fromEntries(Object.entries(list.body.prices).map(([type, p]) => [type, p.pricePerUnit])) as Record<UnitType, Price>;
  const today: Today = { now, settings, prices };
  try {
    return await placeOrder(ctx, customer, input, submission, today);
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

async function placeOrder(ctx: DbContext, customer: Customer, input: CreateOrder, submission: Submission, today: Today): Promise<StoredResponse<OrderCreatedBody>> {
  const { settings, prices } = today;
  if (input.orderType === 'TRANSFER') {
    // The hot path: one statement (transfer-now.ts).
    const recipient = await findRecipient(ctx.db, customer, input.transfer.recipientEmail);
    const { unitType } = input.currencyUnit;
    return transferNow(ctx, { customer, recipient, input, submission, price: prices[unitType], fees: feeSnapshot(settings, unitType) });
  }
  return runIdempotent(ctx.db, { scope: `user:${customer.id}`, key: submission.key, fingerprint: submission.fingerprint }, async (tx) => {
    let view: OrderView;
    switch (input.orderType) {
      case 'BUY':
        view = toOrderView(await createBuy(tx, customer, input, today, submission), { direction: 'SENT' });
        break;
      case 'SELL':
        view = toOrderView(await createSell(tx, customer, input, today), { direction: 'SENT' });
        break;
      case 'TRANSFER_FUTURE': {
        const { row, recipient } = await createFutureTransfer(tx, customer, input, today);
        view = toOrderView(row, { direction: 'SENT', counterpartyName: shortName(recipient) });
        break;
      }
      case 'CONVERT':
        view = toOrderView(await createConvert(tx, customer, input, today), { direction: 'SENT' });
        break;
    }
    return { status: 201, body: { orderCreatedData: view } };
  });
}
