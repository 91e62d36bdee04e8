export { verificationRoutes } from './routes';
export { documentViewsFor, documentRowsFor, toDocumentView, documentUrl, type DocumentRow } from './documents';
export { refuseSellDuringHold, sellHoldUntil, sellHoldMessage, SELL_HOLD_MS } from './sell-hold';
export { verificationOverview } from './overview';
