import { currencyOf, landValueInCents, supplyCapRemaining, UNIT_TYPES, type MoneySettings, type Price, type UnitType } from '@landunits/domain';
import { systemHolder, type Balances } from '../ledger';

/** The platform's supply account per unit type: its balance is −(Units outstanding). */
export const issuerSupply = (unitType: UnitType) => ({ holder: systemHolder('issuer'), unitType, bucket: 'supply' });

/** The most Units of a type that may be outstanding today: floor(land value × max-for-sale / price). */
export function supplyCapUnits(unitType: UnitType, price: Price, settings: MoneySettings): bigint {
  return supplyCapRemaining({
    outstandingUnits: 0,
    price,
    landValueCents: landValueInCents(currencyOf(unitType), settings),
    maxForSaleBasisPoints: settings.maxLandUnitsForSaleBasisPoints,
  });
}

/** Units still buyable under the supply cap today, per unit type, from the issuer's balances. */
export function unitsAvailableFrom(issuer: Balances, settings: MoneySettings, prices: Record<UnitType, Price>): Record<UnitType, number> {
  return Object.fromEntries(
    UNIT_TYPES.map((type) => {
      const outstanding = -(issuer[type].supply ?? 0n);
      const cap = supplyCapUnits(type, prices[type], settings);
      return [type, Number(cap > outstanding ? cap - outstanding : 0n)];
    }),
  ) as Record<UnitType, number>;
}
