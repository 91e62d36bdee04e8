import {
  bonusUnlockAt,
  buyOrderExpiresAt,
  buyTotal,
  checkPurchaseLimit,
  currencyOf,
  doubleLandUnlockState,
  MONEY_MESSAGES,
  type BuyTotal,
  type CreateBuyOrder,
  type MoneySettings,
  type Price,
  type UnitType,
} from '@landunits/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { orders } from './schema';
import { AppError } from '../../platform/http/app-error';
import { balancesOf, InsufficientUnitsError, postTransfers, systemHolder, userHolder, type Transfer } from '../ledger';
import { giveBackCodeUse, takeCodeUse, termsOf, toReferenceCodeDetails, type ReferenceCodeRow } from '../reference-codes';
import { addCost, issuerSupply, supplyCapUnits } from '../holdings';
import { purchaseLimitOverrideOf } from '../users';
import { purchaseLimitOf, unapprovedBuysInCents } from './dashboard-fragments';
import { giveBackDoubleLandUnits, takeDoubleLandUnits } from './store';
import type { BuyDetails, OrderDetails, OrderRow, PaymentDetails } from './order-view';
import type { Customer } from './order-types';

/**
 * Buys (PRODUCT-DECISIONS §2–§4): pricing with the method's fees, a reference code and the LU2X
 * offer; the limits checked when a buy is placed or changed; the reservation from the issuer's
 * supply (the buy's Units plus any bonus Units, in `pendingBuy`); what a paid buy does to the
 * ledger; and the later unlocks of bonus and LU2X Units, run by the due-orders job.
 */

/** A 409 (a limit or the ledger) whose message is also shown under the units field. */
/** A refusal about the number of Units: over a limit or cap (LIMIT_EXCEEDED), or more than the person has free (INSUFFICIENT_UNITS). */
export const unitsConflict = (message: string, code: 'LIMIT_EXCEEDED' | 'INSUFFICIENT_UNITS' = 'LIMIT_EXCEEDED') => new AppError(code, message, { numberOfUnits: message });

export interface BuyPricing {
  total: BuyTotal;
  paymentDetails: PaymentDetails;
}

/** Every figure of a buy at `price`, with the settings' fees for its method and those fees' terms. */
export function priceBuy(input: {
  units: number;
  unitType: UnitType;
  price: Price;
  method: keyof MoneySettings['externalFees'];
  isDoubleLand: boolean;
  code: ReferenceCodeRow | null;
  settings: MoneySettings;
}): BuyPricing {
  const currency = currencyOf(input.unitType);
  const externalFee = input.settings.externalFees[input.method];
  const total = buyTotal({
    units: input.units,
    price: input.price,
    isDoubleLand: input.isDoubleLand,
    referenceCode: input.code ? termsOf(input.code) : null,
    buyFeeCents: input.settings.buyOrderTransactionFeeInCents[currency],
    externalFee,
  });
  return {
    total,
    paymentDetails: {
      currency,
      paymentMethod: input.method,
      subTotal: Number(total.subTotal),
      discount: Number(total.discount),
      transactionFee: Number(total.transactionFee),
      paymentMethodFees: { fixedPercentageFees: Number(total.paymentMethodFees.fixedPercentageFees), fixedCentsFees: Number(total.paymentMethodFees.fixedCentsFees) },
      paymentAmount: Number(total.paymentAmount),
      paymentMethodFeeTerms: { percentageBasisPoints: Number(externalFee.fixedPercentageFees), fixedCents: Number(externalFee.fixedCentsFees) },
    },
  };
}

/** One buy at a time per person, so two concurrent buys cannot both fit under the limit. */
export async function lockBuyer(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`buy:${userId}`}, 0))`);
}

/** The purchase limit (PRODUCT-DECISIONS §4): this amount plus the person's other unapproved buys. */
export async function checkLimit(tx: Db, customer: Customer, settings: MoneySettings, unitType: UnitType, amountCents: bigint, excludingCents = 0n): Promise<void> {
  const currency = currencyOf(unitType);
  const used = (await unapprovedBuysInCents(tx, customer.id))[currency] - excludingCents;
  const override = await purchaseLimitOverrideOf(tx, customer.id, currency);
  const limit = checkPurchaseLimit({ limitInCents: purchaseLimitOf(customer, settings, override), orderInCents: amountCents, unapprovedInCents: used, currency });
  if (!limit.ok) throw unitsConflict(limit.message);
}

/**
 * Moves Units between the issuer's supply and a person's `pendingBuy` within the supply cap
 * (a positive `units` reserves, a negative one gives back). The cap is the guarded debit's floor.
 */
export async function reserveSupply(tx: Db, input: { userId: string; unitType: UnitType; units: bigint; orderId: string; price: Price; settings: MoneySettings }): Promise<void> {
  const { userId, unitType, orderId, price, settings } = input;
  if (input.units === 0n) return;
  const pending = { holder: userHolder(userId), unitType, bucket: 'pendingBuy' };
  if (input.units < 0n) {
    await postTransfers(tx, [{ from: pending, to: issuerSupply(unitType), units: -input.units, orderId }]);
    return;
  }
  const cap = supplyCapUnits(unitType, price, settings);
  try {
    await postTransfers(tx, [{ from: issuerSupply(unitType), to: pending, units: input.units, orderId, floor: -cap }]);
  } catch (error) {
    if (!(error instanceof InsufficientUnitsError)) throw error;
    const outstanding = -((await balancesOf(tx, systemHolder('issuer')))[unitType].supply ?? 0n);
    throw unitsConflict(MONEY_MESSAGES.buyUpTo(cap > outstanding ? cap - outstanding : 0n));
  }
}

export interface NewBuy {
  orderId: string;
  now: Date;
  price: Price;
  settings: MoneySettings;
  idempotencyKey: string;
}

/** The checks and reservations of a new buy, and the columns of its order row. */
export async function prepareBuy(tx: Db, customer: Customer, input: CreateBuyOrder, buy: NewBuy) {
  const { unitType, numberOfUnits, isDoubleLand } = input.currencyUnit;
  const { paymentMethod: method, cryptoType } = input.paymentDetails;
  const { now, price, settings, orderId } = buy;
  const currency = currencyOf(unitType);

  let code: ReferenceCodeRow | null = null;
  const codeText = input.buy?.referenceCode;
  if (codeText) {
    const subTotal = priceBuy({ units: numberOfUnits, unitType, price, method, isDoubleLand, code: null, settings }).total.subTotal;
    code = await takeCodeUse(tx, codeText, now, { subTotalCents: subTotal, currency });
  }
  const { total, paymentDetails } = priceBuy({ units: numberOfUnits, unitType, price, method, isDoubleLand, code, settings });

  await lockBuyer(tx, customer.id);
  await checkLimit(tx, customer, settings, unitType, total.paymentAmount);
  if (isDoubleLand) await takeDoubleLandUnits(tx, BigInt(numberOfUnits), settings.doubleLandOfferCapUnits);

  const expiresAt = buyOrderExpiresAt(now, { method, currency }, settings);
  const bonusUnits = Number(total.bonusUnits);
  const buyDetails: BuyDetails = {
    paymentId: orderId.slice(-5),
    expiresAt: expiresAt.toISOString(),
    ...(method === 'Crypto' && cryptoType ? { cryptoType, walletAddress: settings.adminCryptoWallets[cryptoType] } : {}),
    referenceCode: code?.code ?? null,
    referenceCodeDetails: code ? toReferenceCodeDetails(code, currency) : null,
    bonusUnits,
    bonusUnlockAt: null,
    idempotencyKey: buy.idempotencyKey,
  };
  return {
    values: {
      orderType: 'BUY' as const,
      paymentMethod: method,
      unitType,
      numberOfUnits,
      pricePerUnit: price,
      amountCents: paymentDetails.paymentAmount,
      paymentDetails,
      referenceCodeId: code?.id ?? null,
      bonusUnits: bonusUnits > 0 ? bonusUnits : null,
      isDoubleLand,
      dueAt: expiresAt,
      meta: input.hubspotMetaData ?? null,
    },
    buyDetails,
    // Reserved after the order row exists (the ledger entries name it).
    reserve: () => reserveSupply(tx, { userId: customer.id, unitType, units: BigInt(numberOfUnits + bonusUnits), orderId, price, settings }),
  };
}

/** Units a buy holds in `pendingBuy`: its own and its bonus Units. */
export const reservedByBuy = (order: Pick<OrderRow, 'numberOfUnits' | 'bonusUnits'>) => BigInt(order.numberOfUnits + (order.bonusUnits ?? 0));

/** A reserved buy that will not be paid: its Units go back to the supply, its code use and LU2X Units to their pools. */
export async function releaseBuy(tx: Db, order: OrderRow): Promise<void> {
  await postTransfers(tx, [
    { from: { holder: userHolder(order.userId), unitType: order.unitType, bucket: 'pendingBuy' }, to: issuerSupply(order.unitType), units: reservedByBuy(order), orderId: order.id },
  ]);
  if (order.referenceCodeId) await giveBackCodeUse(tx, order.referenceCodeId);
  if (order.isDoubleLand) await giveBackDoubleLandUnits(tx, BigInt(order.numberOfUnits));
}

const detailsOf = (order: OrderRow) => (order.details ?? {}) as OrderDetails;

/** The next time a paid buy has Units to unlock (bonus or an LU2X tranche), or null. */
function nextUnlockOf(order: OrderRow, details: OrderDetails, now: Date): Date | null {
  const dates: Date[] = [];
  const bonusAt = details.buy?.bonusUnlockAt;
  if (bonusAt && !details.buy?.bonusUnlockedAt) dates.push(new Date(bonusAt));
  if (order.isDoubleLand && details.doubleLand) {
    const next = doubleLandUnlockState({ units: order.numberOfUnits, purchasedAt: new Date(details.doubleLand.purchasedAt) }, now).nextUnlockAt;
    if (next) dates.push(next);
  }
  return dates.length ? new Date(Math.min(...dates.map((d) => d.getTime()))) : null;
}

/**
 * A buy whose money has arrived (an admin's Approved, a card's Completed): its Units move from
 * `pendingBuy` to `owned` (LU2X: `owned_DOUBLE_LAND`), bonus Units to `bonusLocked` until
 * bonusLockDays from now, and what was paid, fees included (the payment amount: subtotal − discount +
 * transaction fee + payment-method fees), becomes the Units' cost, so profit is measured against it.
 * Returns the columns to store with the new status (details, when next due).
 */
export async function settlePaidBuy(tx: Db, order: OrderRow, now: Date, settings: MoneySettings): Promise<{ details: OrderDetails; dueAt: Date | null }> {
  const holder = userHolder(order.userId);
  const pending = { holder, unitType: order.unitType, bucket: 'pendingBuy' };
  const transfers: Transfer[] = [
    { from: pending, to: { holder, unitType: order.unitType, bucket: order.isDoubleLand ? 'owned_DOUBLE_LAND' : 'owned' }, units: order.numberOfUnits, orderId: order.id },
  ];
  const bonus = order.bonusUnits ?? 0;
  if (bonus > 0) transfers.push({ from: pending, to: { holder, unitType: order.unitType, bucket: 'bonusLocked' }, units: bonus, orderId: order.id });
  await postTransfers(tx, transfers);
  const payment = order.paymentDetails as PaymentDetails | null;
  await addCost(tx, order.userId, order.unitType, BigInt(payment?.paymentAmount ?? 0));

  const before = detailsOf(order);
  const details: OrderDetails = {
    ...before,
    ...(before.buy && bonus > 0 ? { buy: { ...before.buy, bonusUnlockAt: bonusUnlockAt(now, settings).toISOString() } } : {}),
    ...(order.isDoubleLand ? { doubleLand: { purchasedAt: now.toISOString(), unlockedUnits: 0 } } : {}),
  };
  return { details, dueAt: nextUnlockOf(order, details, now) };
}

/**
 * The job's work on a paid buy: bonus Units whose lock has ended move to `owned`, and each LU2X
 * tranche that has started moves from `owned_DOUBLE_LAND` to `owned`. Returns what was freed.
 */
export async function unlockPaidBuy(tx: Db, order: OrderRow, now: Date): Promise<{ bonus: number; doubleLand: number }> {
  const holder = userHolder(order.userId);
  const to = { holder, unitType: order.unitType, bucket: 'owned' };
  const details = detailsOf(order);
  const freed = { bonus: 0, doubleLand: 0 };
  const transfers: Transfer[] = [];
  const bonusAt = details.buy?.bonusUnlockAt;
  if (details.buy && bonusAt && !details.buy.bonusUnlockedAt && new Date(bonusAt) <= now && order.bonusUnits) {
    transfers.push({ from: { holder, unitType: order.unitType, bucket: 'bonusLocked' }, to, units: order.bonusUnits, orderId: order.id });
    details.buy = { ...details.buy, bonusUnlockedAt: now.toISOString() };
    freed.bonus = order.bonusUnits;
  }
  if (order.isDoubleLand && details.doubleLand) {
    const state = doubleLandUnlockState({ units: order.numberOfUnits, purchasedAt: new Date(details.doubleLand.purchasedAt) }, now);
    const delta = Number(state.unlockedUnits) - details.doubleLand.unlockedUnits;
    if (delta > 0) {
      transfers.push({ from: { holder, unitType: order.unitType, bucket: 'owned_DOUBLE_LAND' }, to, units: delta, orderId: order.id });
      details.doubleLand = { ...details.doubleLand, unlockedUnits: details.doubleLand.unlockedUnits + delta };
      freed.doubleLand = delta;
    }
  }
  if (transfers.length) await postTransfers(tx, transfers);
  await tx
    .update(orders)
    .set({ details, dueAt: nextUnlockOf(order, details, now) })
    .where(eq(orders.id, order.id));
  return freed;
}
