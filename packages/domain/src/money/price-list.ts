import type { Currency } from '../format/format';
import type { BUY_PAYMENT_METHODS } from '../orders/transitions';
import type { Price } from './decimal';
import type { ExternalFee } from './settings';
import type { UnitType } from './unit-types';

/** The payment methods a buy can use. */
export type BuyPaymentMethod = (typeof BUY_PAYMENT_METHODS)[number];

/** One unit type's price and fees on a day (GET /api/order/get_price, the dashboard bundle). */
export interface UnitPrice {
  /** 6-decimal string, e.g. '1.146213'. */
  pricePerUnit: Price;
  buyOrderTransactionFeeInCents: number;
  sellOrderTransactionFeeInUnits: number;
  convertOrderTransactionFeeInUnits: number;
  currency: Currency;
  symbol: string;
}

/** The answer of GET /api/order/get_price. */
export interface PriceListBody {
  prices: Record<UnitType, UnitPrice>;
  /** Per buy payment method: basis points of the amount and cents of the order's currency. */
  externalFees: Record<BuyPaymentMethod, ExternalFee>;
  /** The UTC day these prices belong to, YYYY-MM-DD. */
  priceDate: string;
  /** When the prices change next: 00:00 UTC of the following day, ISO 8601. */
  nextChangeAt: string;
}
