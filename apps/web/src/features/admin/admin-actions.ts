import type { AdminTargetStatus, OrderStatus } from '@landunits/domain';

/** One thing an admin can do to an order waiting for them (PRODUCT-DECISIONS §3). */
export interface AdminAction {
  toStatus: AdminTargetStatus;
  /** The button and the dialog's title. */
  label: string;
  /** What the reason field starts with; a rejection must be explained from scratch. */
  defaultReason: string;
  /** What the toast says once it is done. */
  done: string;
  destructive?: boolean;
}

const APPROVE: AdminAction = { toStatus: 'Approved', label: 'Approve payment', defaultReason: 'Payment received', done: 'Payment approved' };
const REJECT: AdminAction = { toStatus: 'Failed', label: 'Reject', defaultReason: '', done: 'Order rejected', destructive: true };
const PARTIAL: AdminAction = { toStatus: 'PartialComplete', label: 'Partial payout', defaultReason: 'Part of the payout sent', done: 'Marked as partly paid out' };
const ALL_SOLD: AdminAction = { toStatus: 'AllUnitSold', label: 'All sold', defaultReason: 'All Units sold', done: 'Marked as all sold' };
const PAID_OUT: AdminAction = { toStatus: 'Completed', label: 'Payout completed', defaultReason: 'Payout sent to the verified bank account', done: 'Payout marked as completed' };

const ACTIONS: Partial<Record<OrderStatus, readonly AdminAction[]>> = {
  PaymentSent: [APPROVE, REJECT],
  PaymentSent_FromUserCrypto: [APPROVE, REJECT],
  FundsWaitingApproval: [PARTIAL, ALL_SOLD, REJECT],
  PartialComplete: [ALL_SOLD],
  AllUnitSold: [PAID_OUT],
};

/** The actions an order in `status` offers; none for a status that does not wait for an admin. */
export function actionsFor(status: OrderStatus): readonly AdminAction[] {
  return ACTIONS[status] ?? [];
}
