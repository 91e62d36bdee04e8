import { z } from 'zod';

/**
 * Order types, payment methods, crypto kinds and statuses of SPEC §3–§4, with the labels and
 * colours of PRODUCT-DECISIONS §3.
 *
 * The schemas are marked pure so a page that only needs a label or a colour does not pull zod
 * into its bundle (the public entry has a 100 kB budget).
 */

export const ORDER_TYPES = ['BUY', 'SELL', 'TRANSFER', 'TRANSFER_FUTURE', 'CONVERT'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const OrderTypeSchema = /* @__PURE__ */ z.enum(ORDER_TYPES);

/** The order types in words, as lists, details and statements show them. */
export const ORDER_TYPE_LABELS: Readonly<Record<OrderType, string>> = {
  BUY: 'Buy',
  SELL: 'Sell',
  TRANSFER: 'Transfer',
  TRANSFER_FUTURE: 'Scheduled transfer',
  CONVERT: 'Convert',
};

/** `None` is the method of every order that moves no money in (sell, transfer, convert). */
export const PAYMENT_METHODS = ['Bank', 'Crypto', 'Card_Square', 'Card_Stripe', 'None'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PaymentMethodSchema = /* @__PURE__ */ z.enum(PAYMENT_METHODS);

export const CRYPTO_KINDS = ['BITCOIN', 'ETHER'] as const;
export type CryptoKind = (typeof CRYPTO_KINDS)[number];
export const CryptoKindSchema = /* @__PURE__ */ z.enum(CRYPTO_KINDS);

export const ORDER_STATUSES = [
  'Initiated',
  'InProcess',
  'Failed',
  'Cancelled',
  'PaymentSent',
  'PaymentSent_FromUserCrypto',
  'Approved',
  'Completed',
  'PartialComplete',
  'AllUnitSold',
  'FundsWaitingApproval',
  'AUDReadyToSendBetweenAccounts',
  'Expired',
  'Locked',
  'LockedBonusApproved',
  'Scheduled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const OrderStatusSchema = /* @__PURE__ */ z.enum(ORDER_STATUSES);

/**
 * Status colours, as badges: dark text on a light background. The hex values are the web app's
 * design tokens (apps/web/src/shared/styles/global.css); `tone` is the web `StatusBadge` tone.
 * Every text/background pair has a contrast ratio of at least 4.5:1 (WCAG 2.2 AA for normal
 * text), and every text colour reaches 4.5:1 on white as well; the tests check both.
 * The colour never carries meaning alone: the label is always shown.
 */
export const STATUS_COLOURS = {
  grey: { tone: 'neutral', textToken: '--ink-700', text: '#3b4740', backgroundToken: '--sand-100', background: '#f5f0e5' },
  blue: { tone: 'info', textToken: '--blue-700', text: '#1c4f8c', backgroundToken: '--blue-50', background: '#e8f0fa' },
  red: { tone: 'danger', textToken: '--red-700', text: '#a12a2a', backgroundToken: '--red-50', background: '#fbeceb' },
  lilac: { tone: 'lilac', textToken: '--lilac-700', text: '#6a4696', backgroundToken: '--lilac-50', background: '#f1ebf8' },
  green: { tone: 'success', textToken: '--green-700', text: '#1f5135', backgroundToken: '--green-50', background: '#eef4ee' },
  amber: { tone: 'warning', textToken: '--amber-700', text: '#8a4b00', backgroundToken: '--amber-50', background: '#fdf1de' },
  teal: { tone: 'teal', textToken: '--teal-700', text: '#0f6661', backgroundToken: '--teal-50', background: '#e2f3f1' },
  slate: { tone: 'slate', textToken: '--slate-700', text: '#44505e', backgroundToken: '--slate-50', background: '#edf0f3' },
} as const;
export type StatusColour = keyof typeof STATUS_COLOURS;
export type StatusTone = (typeof STATUS_COLOURS)[StatusColour]['tone'];

/**
 * The statuses as customers see them, each once, in the order of ORDER_STATUSES: what the
 * transaction history's status filter offers. Filtering by one of them means every internal status
 * shown with that label (STATUS_DISPLAY is the one mapping, for display and for filtering).
 */
export const DISPLAYED_STATUSES = [
  'Initiated',
  'In Process',
  'Failed',
  'Cancelled',
  'Pending Approval',
  'Completed',
  'Partially Complete',
  'All Units Sold',
  'Funds Waiting Approval',
  'Expired',
  'Locked',
  'Transfer Queued',
] as const;
export type DisplayedStatus = (typeof DISPLAYED_STATUSES)[number];

/** The internal statuses shown as `label` ('Completed' → Approved, Completed, AUDReadyToSendBetweenAccounts, LockedBonusApproved). */
export function statusesShownAs(label: DisplayedStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((status) => STATUS_DISPLAY[status].label === label);
}

export interface StatusDisplay {
  readonly label: DisplayedStatus;
  readonly colour: StatusColour;
}

/** What users see for each status (PRODUCT-DECISIONS §3; SPEC §4 for the "Completed" group). */
export const STATUS_DISPLAY: Readonly<Record<OrderStatus, StatusDisplay>> = {
  Initiated: { label: 'Initiated', colour: 'grey' },
  InProcess: { label: 'In Process', colour: 'blue' },
  Failed: { label: 'Failed', colour: 'red' },
  Cancelled: { label: 'Cancelled', colour: 'grey' },
  PaymentSent: { label: 'Pending Approval', colour: 'lilac' },
  PaymentSent_FromUserCrypto: { label: 'Pending Approval', colour: 'lilac' },
  Approved: { label: 'Completed', colour: 'green' },
  Completed: { label: 'Completed', colour: 'green' },
  PartialComplete: { label: 'Partially Complete', colour: 'amber' },
  AllUnitSold: { label: 'All Units Sold', colour: 'teal' },
  FundsWaitingApproval: { label: 'Funds Waiting Approval', colour: 'amber' },
  AUDReadyToSendBetweenAccounts: { label: 'Completed', colour: 'green' },
  Expired: { label: 'Expired', colour: 'grey' },
  Locked: { label: 'Locked', colour: 'slate' },
  LockedBonusApproved: { label: 'Completed', colour: 'green' },
  Scheduled: { label: 'Transfer Queued', colour: 'blue' },
};

/** Label, colour name and badge colours of one status, ready for a badge. */
export function statusBadge(status: OrderStatus): StatusDisplay & (typeof STATUS_COLOURS)[StatusColour] {
  const display = STATUS_DISPLAY[status];
  return { ...display, ...STATUS_COLOURS[display.colour] };
}
