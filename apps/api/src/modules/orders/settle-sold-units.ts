import type { Db } from '../../platform/db/client';
import { issuerSupply, takeCost } from '../holdings';
import { postTransfers, systemHolder } from '../ledger';
import type { OrderRow } from './order-view';
import { bucket } from './own-action';

/**
 * A sale whose Units are all sold (AllUnitSold): the sold Units leave `pendingSell` for the
 * issuer's supply, the fee Units for the fees account, and their cost leaves the person's holding.
 * Called by the admin's decision and by a payout marked paid, in their transaction.
 */
export async function settleSoldUnits(tx: Db, order: OrderRow): Promise<void> {
  const feeUnits = BigInt((order.details as { sell?: { feeUnits: number } } | null)?.sell?.feeUnits ?? 0);
  const sold = BigInt(order.numberOfUnits) - feeUnits;
  await postTransfers(tx, [
    { from: bucket(order.userId, order.unitType, 'pendingSell'), to: issuerSupply(order.unitType), units: sold, orderId: order.id },
    ...(feeUnits > 0n
      ? [{ from: bucket(order.userId, order.unitType, 'pendingSell'), to: { holder: systemHolder('fees'), unitType: order.unitType, bucket: 'sellFee' }, units: feeUnits, orderId: order.id }]
      : []),
  ]);
  await takeCost(tx, order.userId, order.unitType, BigInt(order.numberOfUnits));
}
