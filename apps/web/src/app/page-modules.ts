import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * One lazy loader per page component, keyed by route-table path. Pages not listed here are not
 * built yet and share the placeholder page. Pages are lazy chunks, so a public page never
 * downloads dashboard code. The pages of one feature share one chunk (one dynamic import):
 * every chunk's file names are written into the entry, and the entry's budget is tight.
 */
type Loader = () => Promise<{ default: ComponentType }>;

const accountPages = () => import('../features/accounts/account-pages');
const accountSettingsPages = () => import('../features/account-settings/account-settings-pages');
const devMailPages = () => import('../features/dev-mail/dev-mail-pages');
const dashboardPages = () => import('../features/dashboard/dashboard-pages');
const transactionsPages = () => import('../features/transactions/transactions-pages');
const invoicesPages = () => import('../features/invoices/invoices-pages');
const adminPages = () => import('../features/admin/admin-pages');
const emailChangePages = () => import('../features/email-change/email-change-pages');
const orderPages = () => import('../features/orders/order-pages');
const settingsPages = () => import('../features/settings/settings-pages');
const statementPages = () => import('../features/statement/statement-pages');
const infoPages = () => import('../features/site/info-pages');
const newsPages = () => import('../features/site/news-pages');
const peoplePages = () => import('../features/site/people-pages');
const ideasPages = () => import('../features/ideas/ideas-pages');
const projectsPages = () => import('../features/projects/projects-pages');

const PAGE_LOADERS: Readonly<Record<string, Loader>> = {
  '/': () => import('../features/site/home-page').then((m) => ({ default: m.HomePage })),
  '/register': () => accountPages().then((m) => ({ default: m.RegisterPage })),
  '/business-register': () => accountPages().then((m) => ({ default: m.BusinessRegisterPage })),
  '/login': () => accountPages().then((m) => ({ default: m.LoginPage })),
  '/logout': () => accountPages().then((m) => ({ default: m.LogoutPage })),
  '/login-forgot': () => accountPages().then((m) => ({ default: m.ForgotPasswordPage })),
  '/login/reset': () => accountPages().then((m) => ({ default: m.ResetPasswordPage })),
  '/account/confirm': () => accountPages().then((m) => ({ default: m.ConfirmAccountPage })),
  '/account/admin-invitation': () => accountPages().then((m) => ({ default: m.AcceptInvitationPage })),
  '/dashboard/settings/change-password': () => accountSettingsPages().then((m) => ({ default: m.ChangePasswordPage })),
  '/dashboard/settings/subscriptions': () => accountSettingsPages().then((m) => ({ default: m.SubscriptionsPage })),
  '/unsubscribe': () => accountSettingsPages().then((m) => ({ default: m.UnsubscribePage })),
  '/account/verify-email-change': () => emailChangePages().then((m) => ({ default: m.VerifyEmailChangePage })),
  '/dashboard/settings/change-email': () => emailChangePages().then((m) => ({ default: m.ChangeEmailPage })),
  '/dev/mail': () => devMailPages().then((m) => ({ default: m.DevMailListPage })),
  '/dev/mail/:id': () => devMailPages().then((m) => ({ default: m.DevMailMessagePage })),
  '/dev/api': () => import('../features/dev-api/dev-api-page').then((m) => ({ default: m.DevApiPage })),
  '/dashboard': () => dashboardPages().then((m) => ({ default: m.DashboardPage })),
  '/dashboard/my-transactions': () => transactionsPages().then((m) => ({ default: m.TransactionsPage })),
  '/dashboard/statement': () => statementPages().then((m) => ({ default: m.StatementPage })),
  '/dashboard/sales-invoices': () => invoicesPages().then((m) => ({ default: m.SalesInvoicesPage })),
  '/dashboard/settings': () => settingsPages().then((m) => ({ default: m.SettingsPage })),
  '/dashboard/settings/profile-verification': () => settingsPages().then((m) => ({ default: m.ProfileVerificationPage })),
  '/dashboard/settings/bank-verification': () => settingsPages().then((m) => ({ default: m.BankVerificationPage })),
  '/admin': () => adminPages().then((m) => ({ default: m.AdminHomePage })),
  '/admin/orders': () => adminPages().then((m) => ({ default: m.AdminOrdersPage })),
  '/admin/payouts': () => adminPages().then((m) => ({ default: m.AdminPayoutsPage })),
  '/admin/verifications': () => adminPages().then((m) => ({ default: m.AdminVerificationsPage })),
  '/admin/codes': () => adminPages().then((m) => ({ default: m.AdminCodesPage })),
  '/admin/audit': () => adminPages().then((m) => ({ default: m.AdminAuditPage })),
  '/admin/email-changes': () => adminPages().then((m) => ({ default: m.AdminEmailChangesPage })),
  '/admin/contact': () => adminPages().then((m) => ({ default: m.AdminContactPage })),
  '/admin/subscribers': () => adminPages().then((m) => ({ default: m.AdminSubscribersPage })),
  '/admin/admins': () => adminPages().then((m) => ({ default: m.AdminAdminsPage })),
  '/admin/users': () => adminPages().then((m) => ({ default: m.AdminUsersPage })),
  '/admin/users/:id': () => adminPages().then((m) => ({ default: m.AdminUserPage })),
  '/admin/news': () => adminPages().then((m) => ({ default: m.AdminNewsPage })),
  '/admin/news/categories': () => adminPages().then((m) => ({ default: m.AdminNewsCategoriesPage })),
  '/admin/team': () => adminPages().then((m) => ({ default: m.AdminTeamPage })),
  '/admin/settings': () => adminPages().then((m) => ({ default: m.AdminSettingsPage })),
  '/admin/payment-details': () => adminPages().then((m) => ({ default: m.AdminPaymentDetailsPage })),
  '/admin/ideas': () => ideasPages().then((m) => ({ default: m.AdminIdeasPage })),
  '/admin/projects': () => projectsPages().then((m) => ({ default: m.AdminProjectsPage })),
  '/dashboard/community-ideas': () => ideasPages().then((m) => ({ default: m.CommunityIdeasPage })),
  '/dashboard/projects/open': () => projectsPages().then((m) => ({ default: m.OpenProjectsPage })),
  '/dashboard/projects/close': () => projectsPages().then((m) => ({ default: m.ClosedProjectsPage })),
  '/dashboard/land-projects': () => projectsPages().then((m) => ({ default: m.LandProjectsPage })),
  '/dashboard/transaction': () => orderPages().then((m) => ({ default: m.TransactionPage })),
  '/dashboard/convert': () => orderPages().then((m) => ({ default: m.ConvertPage })),
  '/dashboard/future-transfer': () => orderPages().then((m) => ({ default: m.FutureTransferPage })),
  '/dashboard/view-future-transfer': () => orderPages().then((m) => ({ default: m.ScheduledTransfersPage })),
  '/dashboard/buy-units/payment': () => orderPages().then((m) => ({ default: m.PaymentChoicePage })),
  '/dashboard/buy-units/payment-bank': () => orderPages().then((m) => ({ default: m.BankPaymentPage })),
  '/dashboard/buy-units/payment-crypto': () => orderPages().then((m) => ({ default: m.CryptoPaymentPage })),
  '/dashboard/buy-units/payment-card-stripe': () => orderPages().then((m) => ({ default: m.CardStripePaymentPage })),
  '/dashboard/buy-units/payment-card-square': () => orderPages().then((m) => ({ default: m.CardSquarePaymentPage })),
  '/dashboard/buy-units/payment-card': () => orderPages().then((m) => ({ default: m.CardRedirectPage })),
  '/dashboard/buy-units/payment/success': () => orderPages().then((m) => ({ default: m.BuySuccessPage })),
  '/dashboard/buy-units/cancelled': () => orderPages().then((m) => ({ default: m.BuyCancelledPage })),
  '/dashboard/sell-units/success': () => orderPages().then((m) => ({ default: m.SellSuccessPage })),
  '/dashboard/transfer/success': () => orderPages().then((m) => ({ default: m.TransferSuccessPage })),
  '/dashboard/convert/success': () => orderPages().then((m) => ({ default: m.ConvertSuccessPage })),
  '/dashboard/future-transfer/cancelled': () => orderPages().then((m) => ({ default: m.FutureTransferCancelledPage })),
  // Public website: the pages measured for speed (/faq, /fees, /news) have chunks of their own.
  '/faq': () => import('../features/site/faq-page').then((m) => ({ default: m.FaqPage })),
  '/fees': () => import('../features/site/fees-page').then((m) => ({ default: m.FeesPage })),
  '/statistics': () => import('../features/site/statistics-page').then((m) => ({ default: m.StatisticsPage })),
  '/news': () => newsPages().then((m) => ({ default: m.NewsPage })),
  '/news/category/:slug': () => newsPages().then((m) => ({ default: m.NewsCategoryPage })),
  '/news/article/:id': () => newsPages().then((m) => ({ default: m.NewsArticlePage })),
  '/verify/:code': () => import('../features/site/verify-certificate-page').then((m) => ({ default: m.VerifyCertificatePage })),
  '/team': () => peoplePages().then((m) => ({ default: m.TeamPage })),
  '/contact-us': () => peoplePages().then((m) => ({ default: m.ContactPage })),
  '/subscribe/confirm': () => peoplePages().then((m) => ({ default: m.SubscribeConfirmPage })),
  '/about-us': () => infoPages().then((m) => ({ default: m.AboutUsPage })),
  '/business': () => infoPages().then((m) => ({ default: m.BusinessPage })),
  '/rocket1': () => infoPages().then((m) => ({ default: m.Rocket1Page })),
  '/landing': () => infoPages().then((m) => ({ default: m.LandingPage })),
  '/references': () => infoPages().then((m) => ({ default: m.ReferencesPage })),
  '/terms-and-conditions': () => infoPages().then((m) => ({ default: m.TermsPage })),
  '/privacy-policy': () => infoPages().then((m) => ({ default: m.PrivacyPage })),
  '/user-manual': () => infoPages().then((m) => ({ default: m.UserManualPage })),
  '/dashboard/What-are-Land-Units': () => infoPages().then((m) => ({ default: m.WhatAreLandUnitsPage })),
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

/** The admin area's frame (navigation per role) around its sections, in the admin chunk. */
export const AdminShell = lazy(() => adminPages().then((m) => ({ default: m.AdminShell })));

export const NotFoundPage = lazy(() =>
  import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
