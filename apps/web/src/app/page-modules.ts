import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Each page component's chunk and export name, keyed by route-table path. Pages not listed here
 * are not built yet and share the placeholder page. Pages are lazy chunks, so a public page never
 * downloads dashboard code. The pages of one feature share one chunk (one dynamic import):
 * every chunk's file names are written into the entry, and the entry's budget is tight, hence
 * [chunk, name] pairs rather than one loader function per page.
 */
/** A lazy chunk: resolves to its module, whose named exports include page components. */
type Chunk = () => Promise<object>;

const accountPages = () => import('../features/accounts/account-pages');
const accountSettingsPages = () => import('../features/account-settings/account-settings-pages');
const devMailPages = () => import('../features/dev-mail/dev-mail-pages');
const dashboardPages = () => import('../features/dashboard/dashboard-pages');
const transactionsPages = () => import('../features/transactions/transactions-pages');
const invoicesPages = () => import('../features/invoices/invoices-pages');
const communityPages = () => import('../features/community/community-pages');
const adminPages = () => import('../features/admin/admin-pages');
const emailChangePages = () => import('../features/email-change/email-change-pages');
const orderPages = () => import('../features/orders/order-pages');
const settingsPages = () => import('../features/settings/settings-pages');
const statementPages = () => import('../features/statement/statement-pages');
const infoPages = () => import('../features/site/info-pages');
const newsPages = () => import('../features/site/news-pages');
const peoplePages = () => import('../features/site/people-pages');
const governancePages = () => import('../features/governance/governance-pages');
const ideasPages = () => import('../features/ideas/ideas-pages');
const projectsPages = () => import('../features/projects/projects-pages');

const homePage = () => import('../features/site/home-page');
const devApiPage = () => import('../features/dev-api/dev-api-page');
const faqPage = () => import('../features/site/faq-page');
const feesPage = () => import('../features/site/fees-page');
const statisticsPage = () => import('../features/site/statistics-page');
const verifyCertificatePage = () => import('../features/site/verify-certificate-page');

/** Route-table path → the chunk holding its page and the page's export name in it. */
const PAGES: Readonly<Record<string, readonly [Chunk, string]>> = {
  '/': [homePage, 'HomePage'],
  '/register': [accountPages, 'RegisterPage'],
  '/business-register': [accountPages, 'BusinessRegisterPage'],
  '/login': [accountPages, 'LoginPage'],
  '/logout': [accountPages, 'LogoutPage'],
  '/login-forgot': [accountPages, 'ForgotPasswordPage'],
  '/login/reset': [accountPages, 'ResetPasswordPage'],
  '/account/confirm': [accountPages, 'ConfirmAccountPage'],
  '/account/admin-invitation': [accountPages, 'AcceptInvitationPage'],
  '/dashboard/settings/change-password': [accountSettingsPages, 'ChangePasswordPage'],
  '/dashboard/settings/subscriptions': [accountSettingsPages, 'SubscriptionsPage'],
  '/unsubscribe': [accountSettingsPages, 'UnsubscribePage'],
  '/account/verify-email-change': [emailChangePages, 'VerifyEmailChangePage'],
  '/dashboard/settings/change-email': [emailChangePages, 'ChangeEmailPage'],
  '/dev/mail': [devMailPages, 'DevMailListPage'],
  '/dev/mail/:id': [devMailPages, 'DevMailMessagePage'],
  '/dev/api': [devApiPage, 'DevApiPage'],
  '/dashboard': [dashboardPages, 'DashboardPage'],
  '/dashboard/my-transactions': [transactionsPages, 'TransactionsPage'],
  '/dashboard/statement': [statementPages, 'StatementPage'],
  '/dashboard/sales-invoices': [invoicesPages, 'SalesInvoicesPage'],
  '/dashboard/questions/open': [communityPages, 'OpenQuestionsPage'],
  '/dashboard/questions/close': [communityPages, 'ClosedQuestionsPage'],
  '/dashboard/questions/:id': [communityPages, 'QuestionPage'],
  '/dashboard/community/ask-question': [communityPages, 'AskQuestionPage'],
  '/dashboard/community/open-question': [communityPages, 'CommunityOpenQuestionsPage'],
  '/dashboard/community/close-question': [communityPages, 'CommunityClosedQuestionsPage'],
  '/dashboard/community/your-question': [communityPages, 'YourQuestionsPage'],
  '/dashboard/community/become-agent': [communityPages, 'BecomeAgentPage'],
  '/dashboard/settings': [settingsPages, 'SettingsPage'],
  '/dashboard/settings/profile-verification': [settingsPages, 'ProfileVerificationPage'],
  '/dashboard/settings/bank-verification': [settingsPages, 'BankVerificationPage'],
  '/admin': [adminPages, 'AdminHomePage'],
  '/admin/orders': [adminPages, 'AdminOrdersPage'],
  '/admin/payouts': [adminPages, 'AdminPayoutsPage'],
  '/admin/verifications': [adminPages, 'AdminVerificationsPage'],
  '/admin/codes': [adminPages, 'AdminCodesPage'],
  '/admin/audit': [adminPages, 'AdminAuditPage'],
  '/admin/email-changes': [adminPages, 'AdminEmailChangesPage'],
  '/admin/contact': [adminPages, 'AdminContactPage'],
  '/admin/subscribers': [adminPages, 'AdminSubscribersPage'],
  '/admin/admins': [adminPages, 'AdminAdminsPage'],
  '/admin/users': [adminPages, 'AdminUsersPage'],
  '/admin/users/:id': [adminPages, 'AdminUserPage'],
  '/admin/news': [adminPages, 'AdminNewsPage'],
  '/admin/news/categories': [adminPages, 'AdminNewsCategoriesPage'],
  '/admin/team': [adminPages, 'AdminTeamPage'],
  '/admin/settings': [adminPages, 'AdminSettingsPage'],
  '/admin/payment-details': [adminPages, 'AdminPaymentDetailsPage'],
  '/admin/questions': [adminPages, 'AdminQuestionsPage'],
  '/admin/agents': [adminPages, 'AdminAgentsPage'],
  '/dashboard/votes': [governancePages, 'VotesPage'],
  '/dashboard/quizzes': [governancePages, 'QuizzesPage'],
  '/admin/votes': [governancePages, 'AdminVotesPage'],
  '/admin/quizzes': [governancePages, 'AdminQuizzesPage'],
  '/admin/ideas': [ideasPages, 'AdminIdeasPage'],
  '/admin/projects': [projectsPages, 'AdminProjectsPage'],
  '/dashboard/community-ideas': [ideasPages, 'CommunityIdeasPage'],
  '/dashboard/projects/open': [projectsPages, 'OpenProjectsPage'],
  '/dashboard/projects/close': [projectsPages, 'ClosedProjectsPage'],
  '/dashboard/land-projects': [projectsPages, 'LandProjectsPage'],
  '/dashboard/transaction': [orderPages, 'TransactionPage'],
  '/dashboard/convert': [orderPages, 'ConvertPage'],
  '/dashboard/future-transfer': [orderPages, 'FutureTransferPage'],
  '/dashboard/view-future-transfer': [orderPages, 'ScheduledTransfersPage'],
  '/dashboard/buy-units/payment': [orderPages, 'PaymentChoicePage'],
  '/dashboard/buy-units/payment-bank': [orderPages, 'BankPaymentPage'],
  '/dashboard/buy-units/payment-crypto': [orderPages, 'CryptoPaymentPage'],
  '/dashboard/buy-units/payment-card-stripe': [orderPages, 'CardStripePaymentPage'],
  '/dashboard/buy-units/payment-card-square': [orderPages, 'CardSquarePaymentPage'],
  '/dashboard/buy-units/payment-card': [orderPages, 'CardRedirectPage'],
  '/dashboard/buy-units/payment/success': [orderPages, 'BuySuccessPage'],
  '/dashboard/buy-units/cancelled': [orderPages, 'BuyCancelledPage'],
  '/dashboard/sell-units/success': [orderPages, 'SellSuccessPage'],
  '/dashboard/transfer/success': [orderPages, 'TransferSuccessPage'],
  '/dashboard/convert/success': [orderPages, 'ConvertSuccessPage'],
  '/dashboard/future-transfer/cancelled': [orderPages, 'FutureTransferCancelledPage'],
  // Public website: the pages measured for speed (/faq, /fees, /news) have chunks of their own.
  '/faq': [faqPage, 'FaqPage'],
  '/fees': [feesPage, 'FeesPage'],
  '/statistics': [statisticsPage, 'StatisticsPage'],
  '/news': [newsPages, 'NewsPage'],
  '/news/category/:slug': [newsPages, 'NewsCategoryPage'],
  '/news/article/:id': [newsPages, 'NewsArticlePage'],
  '/verify/:code': [verifyCertificatePage, 'VerifyCertificatePage'],
  '/team': [peoplePages, 'TeamPage'],
  '/contact-us': [peoplePages, 'ContactPage'],
  '/subscribe/confirm': [peoplePages, 'SubscribeConfirmPage'],
  '/about-us': [infoPages, 'AboutUsPage'],
  '/business': [infoPages, 'BusinessPage'],
  '/rocket1': [infoPages, 'Rocket1Page'],
  '/landing': [infoPages, 'LandingPage'],
  '/references': [infoPages, 'ReferencesPage'],
  '/terms-and-conditions': [infoPages, 'TermsPage'],
  '/privacy-policy': [infoPages, 'PrivacyPage'],
  '/user-manual': [infoPages, 'UserManualPage'],
  '/dashboard/What-are-Land-Units': [infoPages, 'WhatAreLandUnitsPage'],
};

const placeholderPage = () => import('./pages/placeholder-page');
const PLACEHOLDER: readonly [Chunk, string] = [placeholderPage, 'PlaceholderPage'];

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazily loaded page component of a route-table path (the placeholder page when not built yet). */
export function pageComponent(path: string): LazyExoticComponent<ComponentType> {
  const [chunk, name] = PAGES[path] ?? PLACEHOLDER;
  const key = path in PAGES ? path : '';
  let component = cache.get(key);
  if (!component) {
    component = lazy(() => chunk().then((m) => ({ default: (m as Record<string, ComponentType>)[name] as ComponentType })));
    cache.set(key, component);
  }
  return component;
}

/** The admin area's frame (navigation per role) around its sections, in the admin chunk. */
export const AdminShell = lazy(() => adminPages().then((m) => ({ default: m.AdminShell })));

export const NotFoundPage = lazy(() =>
  import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
