export { orderRoutes, CREATE_ORDER_PATH } from './routes';
export { createOrder } from './create-order';
export type { Customer, OrderCreatedBody, Submission } from './order-types';
export { getOrderDetails, type Viewer } from './get-order-details';
export { getTransactions } from './get-transactions';
export { orderViewsFor } from './order-views-for';
export { getUserNameByEmail, recipientLookupLimit } from './get-user-name-by-email';
export { newOrderId, createOrderIdFactory, ORDER_ID_PATTERN } from './order-ids';
export { recordStatusChange, userActor, type Actor, type StatusChange } from './status-history';
export { runDueOrders, drainDueOrders, DUE_BATCH } from './due-orders';
export { purchaseLimitOf, unapprovedBuyRowsQuery, unapprovedBuysFrom, unapprovedBuysInCents, type UnapprovedBuyRow } from './purchase-limits';
export { LOCKED_BONUS_ROW_ORDER, lockedBonusesFrom, lockedBonusRowsQuery, type LockedBonusRow, type LockedBonuses, type LockedBonusItem } from './locked-bonuses';
// The request schemas and their messages are in @landunits/domain (orders/requests.ts).
export { parseCreateOrder } from './schemas';
export { reservationProblems, OVERDUE_GRACE_MS, type ReservationProblem } from './reservations';
export { seedDemoOrders, DEMO_USER_EMAIL, DEMO_FRIEND_EMAIL } from './seed-demo-orders';
// A card buy's side of its payment; the payments module applies the providers' word.
export { CARD_METHODS, completeCardBuy, failCardBuy, flagPayment, isCardBuy, lockOrderOfProviderPayment, recordProviderPayment, startCardBuy } from './card-buys';
export { doubleLandRowsQuery, doubleLandStatusFrom, doubleLandStatusOf, lockedDoubleLandMessage, type DoubleLandRow, type DoubleLandStatus } from './double-land';
export { doubleLandSoldExpression, DOUBLE_LAND_OFFER } from './offers';
export { toOrderView, type OrderDetails, type OrderRow, type OrderView, type PaymentDetails } from './order-view';
export { lockOrder, lockOwnOrder, notFound, transitionRefused } from './order-store';
export { orderPeriodicTasks } from './jobs';
export { flaggedPaymentsQueueSummary, paymentsQueueSummary, payoutsQueueSummary, PAYMENT_QUEUE_STATUSES, PAYOUT_QUEUE_STATUSES } from './queue-summaries';
export { findOrderOwner, orderPartiesOf } from './find-order-owner';
export { invoiceOrdersOf, issueOrderDocument } from './invoice-documents';
export { orderCountsByTypeAndStatus } from './order-counts';
