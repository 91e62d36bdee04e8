// What happens to an order after it is placed, one use-case per file (own-action.ts says how they
// work); gathered here for the module's own callers.
export { cancelBuy, type CancelAtProvider } from './cancel-buy';
export { cancelFutureTransfer, TRANSFER_DUE_MESSAGE } from './scheduled-transfers/cancel-future-transfer';
export { confirmPaymentSent } from './confirm-payment-sent';
export { adminTransition, decideOrder } from './decide-order';
export { type ActionBody } from './own-action';
export { runDueOrder, type DueContext, type DueOutcome } from './run-due-order';
