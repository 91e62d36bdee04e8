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
  /** What the Units held cost (buys at their subtotal, Units received at their value that day). */
  total_value_bought: number;
  /** Units held (every bucket but pendingBuy) × today's price. */
  total_value_today: number;
  profit: number;
  /** Percent with 2 decimals, e.g. '7.00'; '0.00' when nothing was bought. */
  profit_percentage: string;
  currencyType: Currency;
}
