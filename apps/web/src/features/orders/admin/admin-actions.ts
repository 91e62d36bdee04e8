import type { AdminTargetStatus, OrderStatus } from '@landunits/domain';

/** One thing an admin can do to an order waiting for them (PRODUCT-DECISIONS §3). */
export interface AdminAction {
  /** A status change, or marking a flagged payment as dealt with (the order's status stays). */
  kind: 'transition' | 'clearFlag';
  /** The status a transition moves the order to; none for clearFlag. */
  toStatus?: AdminTargetStatus;
  /** The button and the dialog's title. */
  label: string;
  /** What the reason field starts with; a rejection must be explained from scratch. */
  defaultReason: string;
  /** What the toast says once it is done. */
  done: string;
  destructive?: boolean;
  /** The reason field's hint, when not the status history's. */
  reasonHint?: string;
}

const APPROVE: AdminAction = { kind: 'transition', toStatus: 'Approved', label: 'Approve payment', defaultReason: 'Payment received', done: 'Payment approved' };
const REJECT: AdminAction = { kind: 'transition', toStatus: 'Failed', label: 'Reject', defaultReason: '', done: 'Order rejected', destructive: true };
const PARTIAL: AdminAction = { kind: 'transition', toStatus: 'PartialComplete', label: 'Partial payout', defaultReason: 'Part of the payout sent', done: 'Marked as partly paid out' };
const ALL_SOLD: AdminAction = { kind: 'transition', toStatus: 'AllUnitSold', label: 'All sold', defaultReason: 'All Units sold', done: 'Marked as all sold' };

const ACTIONS: Partial<Record<OrderStatus, readonly AdminAction[]>> = {
  PaymentSent: [APPROVE, REJECT],
  PaymentSent_FromUserCrypto: [APPROVE, REJECT],
  FundsWaitingApproval: [PARTIAL, ALL_SOLD, REJECT],
  PartialComplete: [ALL_SOLD],
  // A sale is paid out in /admin/payouts, with the bank's reference (and a second admin from 10,000.00).
};

/** A flagged payment checked: the admin says what was done (refunded, corrected by hand…). */
export const CLEAR_FLAG: AdminAction = {
  kind: 'clearFlag',
  label: 'Mark as checked',
  defaultReason: '',
  done: 'Payment marked as checked',
  reasonHint: 'What you did about it, between 3 and 500 characters. It is kept on the order.',
};

/** The actions an order in `status` offers; none for a status that does not wait for an admin. */
export function actionsFor(status: OrderStatus): readonly AdminAction[] {
  return ACTIONS[status] ?? [];
}
