import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * One lazy loader per page component, keyed by route-table path. Pages not listed here are not
 * built yet and share the placeholder page. Pages are lazy chunks, so a public page never
 * downloads dashboard code. The pages of one feature share one chunk (one dynamic import):
 * every chunk's file names are written into the entry, and the entry's budget is tight.
 */
type Loader = () => Promise<{ default: ComponentType }>;

const accountPages = () => import('../features/accounts/account-pages');
const devMailPages = () => import('../features/dev-mail/dev-mail-pages');
const dashboardPages = () => import('../features/dashboard/dashboard-pages');
const transactionsPages = () => import('../features/transactions/transactions-pages');
const adminPages = () => import('../features/admin/admin-pages');
const orderPages = () => import('../features/orders/order-pages');

const PAGE_LOADERS: Readonly<Record<string, Loader>> = {
  '/': () => import('../features/home/home-page').then((m) => ({ default: m.HomePage })),
  '/register': () => accountPages().then((m) => ({ default: m.RegisterPage })),
  '/business-register': () => accountPages().then((m) => ({ default: m.BusinessRegisterPage })),
  '/login': () => accountPages().then((m) => ({ default: m.LoginPage })),
  '/logout': () => accountPages().then((m) => ({ default: m.LogoutPage })),
  '/login-forgot': () => accountPages().then((m) => ({ default: m.ForgotPasswordPage })),
  '/login/reset': () => accountPages().then((m) => ({ default: m.ResetPasswordPage })),
  '/account/confirm': () => accountPages().then((m) => ({ default: m.ConfirmAccountPage })),
  '/dev/mail': () => devMailPages().then((m) => ({ default: m.DevMailListPage })),
  '/dev/mail/:id': () => devMailPages().then((m) => ({ default: m.DevMailMessagePage })),
  '/dashboard': () => dashboardPages().then((m) => ({ default: m.DashboardPage })),
  '/dashboard/my-transactions': () => transactionsPages().then((m) => ({ default: m.TransactionsPage })),
  '/admin': () => adminPages().then((m) => ({ default: m.AdminPage })),
  '/dashboard/transaction': () => orderPages().then((m) => ({ default: m.TransactionPage })),
  '/dashboard/convert': () => orderPages().then((m) => ({ default: m.ConvertPage })),
  '/dashboard/future-transfer': () => orderPages().then((m) => ({ default: m.FutureTransferPage })),
  '/dashboard/view-future-transfer': () => orderPages().then((m) => ({ default: m.ScheduledTransfersPage })),
  '/dashboard/buy-units/payment-bank': () => orderPages().then((m) => ({ default: m.BankPaymentPage })),
  '/dashboard/buy-units/payment/success': () => orderPages().then((m) => ({ default: m.BuySuccessPage })),
  '/dashboard/buy-units/cancelled': () => orderPages().then((m) => ({ default: m.BuyCancelledPage })),
  '/dashboard/sell-units/success': () => orderPages().then((m) => ({ default: m.SellSuccessPage })),
  '/dashboard/transfer/success': () => orderPages().then((m) => ({ default: m.TransferSuccessPage })),
  '/dashboard/convert/success': () => orderPages().then((m) => ({ default: m.ConvertSuccessPage })),
  '/dashboard/future-transfer/cancelled': () => orderPages().then((m) => ({ default: m.FutureTransferCancelledPage })),
};

const placeholderLoader: Loader = () =>
  import('./pages/placeholder-page').then((m) => ({ default: m.PlaceholderPage }));

const cache = new Map<Loader, LazyExoticComponent<ComponentType>>();

function lazyOnce(loader: Loader): LazyExoticComponent<ComponentType> {
  let component = cache.get(loader);
  if (!component) {
    component = lazy(loader);
    cache.set(loader, component);
  }
  return component;
}

/** The lazily loaded page component of a route-table path. */
export function pageComponent(path: string): LazyExoticComponent<ComponentType> {
  return lazyOnce(PAGE_LOADERS[path] ?? placeholderLoader);
}

export const NotFoundPage = lazy(() =>
  import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
