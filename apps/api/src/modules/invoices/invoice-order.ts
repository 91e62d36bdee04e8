import type { OrderType, PaymentMethod, UnitType } from '@landunits/domain';
import type { PayoutBankDetails } from '@landunits/domain/contracts';
import type { Db } from '../../platform/db/client';

/**
 * What an invoice prints of its order. The orders module owns orders and reads them for the
 * invoices (`invoiceOrdersOf`, handed to the routes by app.ts): it issues invoices itself, so
 * this module cannot import it back without a cycle.
 */
export interface InvoiceOrder {
  id: string;
  userId: string;
  orderType: OrderType;
  unitType: UnitType;
  numberOfUnits: number;
  /** The price of one Unit on the order's day (a decimal string). */
  pricePerUnit: string | null;
  paymentMethod: PaymentMethod;
  isDoubleLand: boolean;
  /** The order's money in cents of its currency, exactly as the order's breakdown stores it. */
  payment: {
    subTotal: number;
    discount: number;
    transactionFee: number;
    fixedPercentageFees: number;
    fixedCentsFees: number;
    paymentAmount: number;
  } | null;
  referenceCode: string | null;
  bonusUnits: number;
  /** A sale: Units sold, the sell fee in Units and the payout in cents. */
  sell: { unitsSold: number; feeUnits: number; payoutAmount: number } | null;
  /** A sale's payout as marked paid: where it went and the bank's reference. */
  payout: { amountCents: number; bankReference: string; bankDetails: PayoutBankDetails; paidAt: Date } | null;
}

/** The orders with these ids, by id (the orders module's `invoiceOrdersOf`). */
export type InvoiceOrdersReader = (db: Db, orderIds: readonly string[]) => Promise<Map<string, InvoiceOrder>>;
