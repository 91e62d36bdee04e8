/** Every page of the orders feature, in one lazy chunk (see app/page-modules.ts). */
import { TransactionPage } from './transaction-page';
import { ConvertPage } from './convert-page';
import { FutureTransferPage } from './future-transfer-page';
import { ScheduledTransfersPage } from './scheduled-transfers-page';
import { PaymentChoicePage } from './payment-choice-page';
import { BankPaymentPage } from './bank-payment-page';
import { CryptoPaymentPage } from './crypto-payment-page';
import { CardRedirectPage, CardSquarePaymentPage, CardStripePaymentPage } from './card-payment-page';
import { BuyCancelledPage, BuySuccessPage, ConvertSuccessPage, FutureTransferCancelledPage, SellSuccessPage, TransferSuccessPage } from './result-pages';
export { TransactionPage } from './transaction-page';
export { ConvertPage } from './convert-page';
export { FutureTransferPage } from './future-transfer-page';
export { ScheduledTransfersPage } from './scheduled-transfers-page';
export { BankPaymentPage } from './bank-payment-page';
export { PaymentChoicePage } from './payment-choice-page';
export { CryptoPaymentPage } from './crypto-payment-page';
export { CardStripePaymentPage, CardSquarePaymentPage, CardRedirectPage } from './card-payment-page';
export { BuySuccessPage, BuyCancelledPage, SellSuccessPage, TransferSuccessPage, ConvertSuccessPage, FutureTransferCancelledPage } from './result-pages';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/dashboard/transaction': TransactionPage,
  '/dashboard/convert': ConvertPage,
  '/dashboard/future-transfer': FutureTransferPage,
  '/dashboard/view-future-transfer': ScheduledTransfersPage,
  '/dashboard/buy-units/payment': PaymentChoicePage,
  '/dashboard/buy-units/payment-bank': BankPaymentPage,
  '/dashboard/buy-units/payment-crypto': CryptoPaymentPage,
  '/dashboard/buy-units/payment-card-stripe': CardStripePaymentPage,
  '/dashboard/buy-units/payment-card-square': CardSquarePaymentPage,
  '/dashboard/buy-units/payment-card': CardRedirectPage,
  '/dashboard/buy-units/payment/success': BuySuccessPage,
  '/dashboard/buy-units/cancelled': BuyCancelledPage,
  '/dashboard/sell-units/success': SellSuccessPage,
  '/dashboard/transfer/success': TransferSuccessPage,
  '/dashboard/convert/success': ConvertSuccessPage,
  '/dashboard/future-transfer/cancelled': FutureTransferCancelledPage,
};
