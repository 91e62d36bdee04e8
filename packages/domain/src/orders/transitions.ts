import type { OrderStatus, OrderType, PaymentMethod } from './status';

/**
 * The order life cycles of PRODUCT-DECISIONS §3, one flow per order type (and, for buys, per
 * payment family). Any transition not listed is refused (the API answers 409).
 *
 * One addition to the table, recorded in docs/decisions/0004-money-math.md: a card buy left in
 * InProcess (payment page opened, never paid) expires like an Initiated one, so its supply
 * reservation cannot stay stuck forever.
 */

export const ORDER_FLOWS = {
  BUY_BANK: {
    initial: 'Initiated',
    transitions: {
      Initiated: ['PaymentSent', 'Cancelled', 'Expired'],
      PaymentSent: ['Approved', 'Failed'],
    },
  },
  BUY_CRYPTO: {
    initial: 'Initiated',
    transitions: {
      Initiated: ['PaymentSent_FromUserCrypto', 'Cancelled', 'Expired'],
      PaymentSent_FromUserCrypto: ['Approved', 'Failed'],
    },
  },
  BUY_CARD: {
    initial: 'Initiated',
    transitions: {
      Initiated: ['InProcess', 'Cancelled', 'Expired'],
      InProcess: ['Completed', 'Failed', 'Cancelled', 'Expired'],
    },
  },
  SELL: {
    initial: 'FundsWaitingApproval',
    transitions: {
      FundsWaitingApproval: ['PartialComplete', 'AllUnitSold', 'Failed'],
      PartialComplete: ['AllUnitSold'],
      AllUnitSold: ['Completed'],
    },
  },
  TRANSFER: { initial: 'Completed', transitions: {} },
  TRANSFER_FUTURE: {
    initial: 'Scheduled',
    transitions: {
      Scheduled: ['Completed', 'Cancelled', 'Failed'],
    },
  },
  CONVERT: { initial: 'Completed', transitions: {} },
} as const satisfies Record<string, OrderFlow>;

export interface OrderFlow {
  readonly initial: OrderStatus;
  readonly transitions: { readonly [from in OrderStatus]?: readonly OrderStatus[] };
}

export type OrderFlowName = keyof typeof ORDER_FLOWS;

/** The payment methods a buy can use; `None` is for every other order type. */
export const BUY_PAYMENT_METHODS = ['Bank', 'Crypto', 'Card_Square', 'Card_Stripe'] as const satisfies readonly PaymentMethod[];

/** Which flow an order follows; throws for a combination that cannot exist (a buy paid with None, a sell paid by card). */
export function orderFlowName(type: OrderType, method: PaymentMethod): OrderFlowName {
  if (type === 'BUY') {
    switch (method) {
      case 'Bank':
        return 'BUY_BANK';
      case 'Crypto':
        return 'BUY_CRYPTO';
      case 'Card_Square':
      case 'Card_Stripe':
        return 'BUY_CARD';
      case 'None':
        throw new RangeError('A buy needs a payment method');
    }
  }
  if (method !== 'None') throw new RangeError(`A ${type} order takes no payment method, got ${method}`);
  return type;
}

export function orderFlow(type: OrderType, method: PaymentMethod): OrderFlow {
  return ORDER_FLOWS[orderFlowName(type, method)];
}

/** The status an order is created in: Initiated for buys, FundsWaitingApproval for sells, Scheduled for future transfers, Completed for transfers and conversions. */
export function initialStatus(type: OrderType, method: PaymentMethod): OrderStatus {
  return orderFlow(type, method).initial;
}

/** Where an order in `from` may go next (empty for a final status or a status outside its flow). */
export function nextStatuses(type: OrderType, method: PaymentMethod, from: OrderStatus): readonly OrderStatus[] {
  return orderFlow(type, method).transitions[from] ?? [];
}

export interface OrderState {
  orderType: OrderType;
  paymentMethod: PaymentMethod;
  orderStatus: OrderStatus;
}

/** Whether the table allows this order to move to `to`. Unknown combinations answer false. */
export function canTransition(order: OrderState, to: OrderStatus): boolean {
  let flow: OrderFlow;
  try {
    flow = orderFlow(order.orderType, order.paymentMethod);
  } catch {
    return false;
  }
  return (flow.transitions[order.orderStatus] ?? []).includes(to);
}

/** Every status an order of this flow can ever be in, initial first. */
export function flowStatuses(flow: OrderFlow): OrderStatus[] {
  const seen = new Set<OrderStatus>([flow.initial]);
  for (const [from, targets] of Object.entries(flow.transitions) as [OrderStatus, readonly OrderStatus[]][]) {
    seen.add(from);
    for (const to of targets) seen.add(to);
  }
  return [...seen];
}

/** Statuses with no way out in this flow. */
export function isFinalStatus(type: OrderType, method: PaymentMethod, status: OrderStatus): boolean {
  return nextStatuses(type, method, status).length === 0;
}

/**
 * Buys that still count against the purchase limit (PRODUCT-DECISIONS §4): every buy status that is
 * not Approved, Completed, Failed, Cancelled or Expired. Derived from the buy flows, so a status
 * added to a buy flow is counted unless it is one of those five.
 */
const SETTLED_BUY_STATUSES: readonly OrderStatus[] = ['Approved', 'Completed', 'Failed', 'Cancelled', 'Expired'];

export const UNAPPROVED_BUY_STATUSES: readonly OrderStatus[] = [...new Set([ORDER_FLOWS.BUY_BANK, ORDER_FLOWS.BUY_CRYPTO, ORDER_FLOWS.BUY_CARD].flatMap((flow) => flowStatuses(flow)))].filter(
  (status) => !SETTLED_BUY_STATUSES.includes(status),
);

export function countsAsUnapprovedBuy(order: Pick<OrderState, 'orderType' | 'orderStatus'>): boolean {
  return order.orderType === 'BUY' && UNAPPROVED_BUY_STATUSES.includes(order.orderStatus);
}
