import type { Currency } from '../format/format';

/**
 * A person's holding of one unit type as the dashboard bundle shows it (SPEC §3): Units per
 * bucket, money in cents of the unit type's currency.
 */
export interface Holding {
  owned: number;
  owned_DOUBLE_LAND: number;
  pendingBuy: number;
  pendingSell: number;
  transferQueued: number;
  convertLocked: number;
  bonusLocked: number;
  /**
   * The Units held: every bucket but pendingBuy (owned + owned_DOUBLE_LAND + pendingSell +
   * transferQueued + convertLocked + bonusLocked). total_value_today is the value of exactly these.
   */
  units_valued: number;
  /**
   * What the Units held cost: buys at what was paid, fees included (subtotal − discount + transaction
   * fee + payment-method fees); Units received by transfer or conversion at their value that day;
   * Units that left took their average cost with them.
   */
  total_value_bought: number;
  /** units_valued × today's price, half-up to the cent. */
  total_value_today: number;
  /** total_value_today − total_value_bought: measured against what was paid, fees included. */
  profit: number;
  /** Percent with 2 decimals, e.g. '7.00'; '0.00' when nothing was bought. */
  profit_percentage: string;
  currencyType: Currency;
}
