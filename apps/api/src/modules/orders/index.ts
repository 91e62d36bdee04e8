export { orderRoutes, CREATE_ORDER_PATH } from './routes';
export { createOrder, type Customer, type OrderCreatedBody, type Submission } from './create-order';
export { getOrderDetails, type Viewer } from './get-order-details';
export { getTransactions } from './get-transactions';
export { getUserNameByEmail, recipientLookupLimit } from './get-user-name-by-email';
export { newOrderId, createOrderIdFactory, ORDER_ID_PATTERN } from './order-ids';
export { recordStatusChange, userActor, type Actor, type StatusChange } from './status-history';
export { runDueOrders, drainDueOrders, DUE_BATCH } from './due-orders';
export {
  costRowsQuery,
  holdingsFrom,
  holdingsOf,
  purchaseLimitOf,
  unapprovedBuyRowsQuery,
  unapprovedBuysFrom,
  unapprovedBuysInCents,
  unitsAvailableFrom,
  type CostRow,
  type Holding,
  type UnapprovedBuyRow,
} from './holdings';
// The request schemas and their messages are in @landunits/domain (orders/requests.ts).
export { parseCreateOrder } from './schemas';
export { reservationProblems, OVERDUE_GRACE_MS, type ReservationProblem } from './reservations';
export { seedDemoOrders, DEMO_USER_EMAIL } from './seed-demo-orders';
export { applyProviderEvent, beginCardPayment, orderIdempotencyKey, isCardBuy, CARD_METHODS, type CardResult, type CardTarget, type ProviderEvent, type ProviderEventOutcome } from './card-payments';
export { doubleLandRowsQuery, doubleLandStatusFrom, doubleLandStatusOf, lockedDoubleLandMessage, type DoubleLandRow, type DoubleLandStatus } from './double-land';
export { doubleLandSoldQuery, DOUBLE_LAND_OFFER } from './offers';
export { toOrderView, type OrderRow, type OrderView } from './order-view';
export { lockOwnOrder, notFound } from './order-store';
export { orderPeriodicTasks } from './jobs';
