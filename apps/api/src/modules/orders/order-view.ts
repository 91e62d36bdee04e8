import {
  STATUS_DISPLAY,
  UNIT_TYPE_INFO,
  type CryptoKind,
  type CryptoQuote,
  type Currency,
  type OrderStatus,
  type PaymentMethod,
  type Price,
  type ReferenceCodeDetails,
  type UnitType,
} from '@landunits/domain';
import type { orders } from './schema';

export type OrderRow = typeof orders.$inferSelect;

/** Whether the viewer placed the order or received it (a transfer); null for an admin looking at someone else's. */
export type Direction = 'SENT' | 'RECEIVED';

/** A status with the label and colour name users see (PRODUCT-DECISIONS §3). */
export function statusFields(status: OrderStatus) {
  const display = STATUS_DISPLAY[status];
  return { orderStatus: status, statusLabel: display.label, statusColour: display.colour };
}

/** The money of an order as stored in `payment_details` (cents of the order's currency). */
export interface PaymentDetails {
  currency: Currency;
  paymentMethod: PaymentMethod;
  subTotal: number;
  discount: number;
  transactionFee: number;
  /** The payment method's fee amounts charged, in cents (not the rates). */
  paymentMethodFees: { fixedPercentageFees: number; fixedCentsFees: number };
  paymentAmount: number;
  /**
   * The payment method's fee terms the buy was priced with (the money settings in force then):
   * a percentage in basis points (150 = 1.50 %) and a fixed amount in cents. Absent on buys placed
   * before the terms were recorded: their amounts are all that is known.
   */
  paymentMethodFeeTerms?: PaymentMethodFeeTerms;
}

export interface PaymentMethodFeeTerms {
  percentageBasisPoints: number;
  fixedCents: number;
}

/** The rest of an order as stored in `details`: the fee snapshot and the per-type figures. */
export interface OrderDetails {
  fees: { buyOrderTransactionFeeInCents: number; sellOrderTransactionFeeInUnits: number; convertOrderTransactionFeeInUnits: number };
  isDoubleLand?: boolean;
  buy?: BuyDetails;
  /** LU2X buys once paid: when the Units arrived and how many have been freed to `owned` so far. */
  doubleLand?: { purchasedAt: string; unlockedUnits: number };
  /** A payment flag an admin has dealt with, and how. */
  flagCleared?: { flag: string; by: string; at: string; reason: string };
  sell?: { unitsSold: number; feeUnits: number; payoutAmount: number };
  convert?: { pricePerUnit: Price; exchangeRate: string; feeUnits: number; unlockAt: string };
}

/** What a buy stores beyond its money (docs/api/payments.md, `OrderView.buy`). */
export interface BuyDetails {
  /** The bank/crypto payment reference: the last 5 characters of the order id. */
  paymentId: string;
  expiresAt: string;
  cryptoType?: CryptoKind;
  walletAddress?: string;
  referenceCode?: string | null;
  referenceCodeDetails?: ReferenceCodeDetails | null;
  bonusUnits?: number;
  /** Set when the buy is paid: when its bonus Units leave bonusLocked. */
  bonusUnlockAt?: string | null;
  bonusUnlockedAt?: string | null;
  /** The create_order submission's key, passed on to card providers (never shown). */
  idempotencyKey?: string;
  /** Card buys: each declined card, oldest first (only their count is shown). */
  cardDeclines?: CardDecline[];
  /** Crypto buys: the coin amount the buyer was last quoted (decision 0069). */
  cryptoQuote?: CryptoQuote;
}

/** A card the provider declined on a buy that stayed open (decision 0067). */
export interface CardDecline {
  at: string;
  reason: string;
  /** The provider's payment it was (a Square payment ends with its decline; a Stripe intent takes another card). */
  providerPaymentId: string;
  /** The submission that sent the card, where the payment is ours to answer (test mode): the same one again is the same decline. */
  attempt?: string;
}

export interface ViewOptions {
  direction: Direction | null;
  /** The other person of a transfer, as shown to the viewer ('Bob B.'). */
  counterpartyName?: string | null;
}

/** One order as the API shows it (docs/api/orders.md, `OrderView`), without its history. */
export function toOrderView(order: OrderRow, { direction, counterpartyName = null }: ViewOptions) {
  const details = (order.details ?? null) as OrderDetails | null;
  const isTransfer = order.orderType === 'TRANSFER' || order.orderType === 'TRANSFER_FUTURE';
  const payment = (order.paymentDetails ?? null) as PaymentDetails | null;
  return {
    orderId: order.id,
    orderType: order.orderType,
    ...statusFields(order.orderStatus),
    direction,
    paymentMethod: order.paymentMethod,
    currencyUnit: {
      unitType: order.unitType,
      numberOfUnits: order.numberOfUnits,
      pricePerUnit: order.pricePerUnit,
      ...(details?.fees ?? {}),
      isDoubleLand: order.isDoubleLand,
    },
    // What a recipient sees of a transfer is the Units, not the sender's money.
    paymentDetails: direction === 'RECEIVED' ? null : payment,
    buy: order.orderType === 'BUY' && details?.buy ? buyView(details.buy, order.paymentFlag) : null,
    sell: order.orderType === 'SELL' && details?.sell ? details.sell : null,
    transfer: isTransfer ? { recipientEmail: direction === 'RECEIVED' ? null : order.recipientEmail, scheduledDate: order.scheduledDate } : null,
    convert:
      order.orderType === 'CONVERT' && details?.convert && order.convertUnitType && order.convertUnits !== null
        ? { unitType: order.convertUnitType as UnitType, numberOfUnits: order.convertUnits, ...details.convert }
        : null,
    counterpartyEmail: direction === 'SENT' && isTransfer ? order.recipientEmail : null,
    counterpartyName,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}
export type OrderView = ReturnType<typeof toOrderView>;

function buyView({ idempotencyKey: _key, cardDeclines, ...buy }: BuyDetails, paymentFlag: string | null) {
  return {
    ...buy,
    ...(cardDeclines?.length ? { cardDeclines: cardDeclines.length } : {}),
    referenceCode: buy.referenceCode ?? null,
    referenceCodeDetails: buy.referenceCodeDetails ?? null,
    bonusUnits: buy.bonusUnits ?? 0,
    bonusUnlockAt: buy.bonusUnlockAt ?? null,
    paymentFlag,
  };
}

/** The currency of an order's unit type. */
export const currencyOfOrder = (order: Pick<OrderRow, 'unitType'>) => UNIT_TYPE_INFO[order.unitType].currency;
