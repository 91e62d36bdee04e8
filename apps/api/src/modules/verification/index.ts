export { verificationRoutes } from './routes';
export { verificationAdminRoutes } from './admin-routes';
export { verificationPeriodicTasks, runPassportExpiry } from './passport-expiry';
export { documentViewsFor, documentRowsFor, toDocumentView, documentUrl, type DocumentRow } from './documents';
export { refuseSellDuringHold, sellHoldUntil, sellHoldMessage, SELL_HOLD_MS } from './sell-hold';
export { verificationOverview } from './overview';
export { seedDemoVerification } from './seed-demo-verification';
export { reviewCase } from './review-case';
