export { orderRoutes, CREATE_ORDER_PATH } from './routes';
export { cryptoQuote, walletOfOrder, QUOTE_KEPT_SECONDS, type QuoteFound, type QuoteMaker } from './crypto-quote';
export { createOrder } from './create-order';
export type { Customer, OrderCreatedBody, Submission } from './order-types';
export { getOrderDetails, type Viewer } from './get-order-details';
export { getTransactions } from './get-transactions';
export { orderViewsFor } from './find-order-views';
export { getUserNameByEmail } from './get-user-name-by-email';
export { recipientLookupLimit } from './limits';
export { newOrderId, createOrderIdFactory, ORDER_ID_PATTERN } from './order-ids';
export { recordStatusChange, userActor, type Actor, type StatusChange } from './store';
export { runDueOrders, drainDueOrders, DUE_BATCH } from './run-due-orders';
export { purchaseLimitOf, unapprovedBuyRowsQuery, unapprovedBuysFrom, unapprovedBuysInCents, type UnapprovedBuyRow } from './dashboard-fragments';
export { LOCKED_BONUS_ROW_ORDER, lockedBonusesFrom, lockedBonusRowsQuery, type LockedBonusRow, type LockedBonuses, type LockedBonusItem } from './dashboard-fragments';
// The request schemas and their messages are in @landunits/domain (orders/requests.ts).
export { parseCreateOrder } from './schemas';
export { reservationProblems, OVERDUE_GRACE_MS, type ReservationProblem } from './check-reservations';
export { seedDemoOrders, DEMO_USER_EMAIL, DEMO_FRIEND_EMAIL } from './seed-demo-orders';
// A card buy's side of its payment; the payments module applies the providers' word.
export {
  CARD_METHODS,
  cardDeclinesOf,
  completeCardBuy,
  declineCardBuy,
  flagPayment,
  isCardBuy,
  lockOrderOfProviderPayment,
  providerPaymentDeclined,
  recordProviderPayment,
  startCardBuy,
} from './card-buys';
export { doubleLandRowsQuery, doubleLandStatusFrom, doubleLandStatusOf, lockedDoubleLandMessage, type DoubleLandRow, type DoubleLandStatus } from './dashboard-fragments';
export { doubleLandSoldExpression, DOUBLE_LAND_OFFER } from './store';
export { toOrderView, type OrderDetails, type OrderRow, type OrderView, type PaymentDetails } from './order-view';
export { lockOrder, lockOwnOrder, notFound, transitionRefused } from './store';
export { orderPeriodicTasks } from './jobs';
export { flaggedPaymentsQueueSummary, paymentsQueueSummary, payoutsQueueSummary, PAYMENT_QUEUE_STATUSES, PAYOUT_QUEUE_STATUSES } from './queue-summary';
export { findOrderOwner, orderPartiesOf } from './find-order-owner';
export { invoiceOrdersOf } from './find-invoice-orders';
export { issueOrderDocument } from './issue-order-document';
export { orderCountsByTypeAndStatus } from './count-orders';
