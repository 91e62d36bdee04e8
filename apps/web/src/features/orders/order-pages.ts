/** Every page of the orders feature, in one lazy chunk (see app/page-modules.ts). */
export { TransactionPage } from './transaction-page';
export { ConvertPage } from './convert-page';
export { FutureTransferPage } from './future-transfer-page';
export { ScheduledTransfersPage } from './scheduled-transfers-page';
export { BankPaymentPage } from './bank-payment-page';
export { PaymentChoicePage } from './payment-choice-page';
export { CryptoPaymentPage } from './crypto-payment-page';
export { CardStripePaymentPage, CardSquarePaymentPage, CardRedirectPage } from './card-payment-page';
export {
  BuySuccessPage,
  BuyCancelledPage,
  SellSuccessPage,
  TransferSuccessPage,
  ConvertSuccessPage,
  FutureTransferCancelledPage,
} from './result-pages';
