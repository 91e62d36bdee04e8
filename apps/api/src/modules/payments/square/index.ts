/** Square card payments (PRODUCT-DECISIONS §7): the gateway on the official library and its routes. */
export { createSquareGateway, SquareCardRefused, toCardResult, type CreateSquarePayment, type SquareGateway, type SquarePayment, type SquarePaymentStatus } from './square-gateway';
export { squareRoutes, type SquareRoutesOptions } from './square-routes';
export { PAY_CARD_SQUARE_PATH } from './pay-card-square';
export { SQUARE_WEBHOOK_PATH } from './square-webhook';
