import { convertUnlockAt, convertUnits, currencyOf, divRoundHalfUp, exchangeRate, exchangeRateExact, MONEY_MESSAGES, type CreateConvertOrder } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { addCost, issuerSupply, supplyCapUnits, takeCost } from '../holdings';
import { balancesOf, InsufficientUnitsError, postTransfers, systemHolder, userHolder } from '../ledger';
import { unitsConflict } from './buy-orders';
import { feeSnapshot, insertOrder, moneyRule, type Today } from './new-order';
import { newOrderId } from './order-ids';
import { sendOrderNotice } from './send-order-email';
import type { Customer } from './order-types';
import type { OrderDetails, OrderRow } from './order-view';

/** A conversion: Units back to the source type's supply, new Units of the target type locked in `convertLocked`. */
export async function createConvertOrder(tx: Db, customer: Customer, input: CreateConvertOrder, today: Today): Promise<OrderRow> {
  const { unitType: from, numberOfUnits } = input.currencyUnit;
  const to = input.convert.unitType;
  const { settings, now, prices } = today;
  const rateFrom = settings.exchangeRates[currencyOf(from)];
  const rateTo = settings.exchangeRates[currencyOf(to)];
  const result = moneyRule(() => convertUnits({ units: numberOfUnits, priceFrom: prices[from], priceTo: prices[to], rateFrom, rateTo, convertFeeUnits: settings.convertOrderTransactionFeeInUnits }));
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
  await sendOrderNotice(tx, now, 'conversion-placed', row);
  return row;
}
