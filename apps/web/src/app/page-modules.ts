import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Each page's lazy chunk, keyed by route-table path; the chunk exports its pages by path
 * (`pages`). Pages not listed here are not built yet and share the placeholder page. Pages are
 * lazy chunks, so a public page never downloads dashboard code. The pages of one feature share one
 * chunk (one dynamic import): every chunk's file names are written into the entry, and the entry's
 * budget is tight, hence no per-page loader function or export name here.
 */
type Chunk = () => Promise<{ pages: Readonly<Record<string, ComponentType>> }>;

const accountPages = () => import('../features/auth/account-pages');
const accountSettingsPages = () => import('./account-settings-pages');
const devMailPages = () => import('../features/dev-mail/dev-mail-pages');
const dashboardPages = () => import('../features/dashboard/dashboard-pages');
const transactionsPages = () => import('../features/orders/transactions/transactions-pages');
const invoicesPages = () => import('../features/invoices/invoices-pages');
const communityPages = () => import('../features/community/community-pages');
const adminPages = () => import('./admin-pages');
const emailChangePages = () => import('../features/email-change/email-change-pages');
const orderPages = () => import('../features/orders/order-pages');
const settingsPages = () => import('../features/verification/settings-pages');
const statementPages = () => import('../features/reports/statement-pages');
const infoPages = () => import('../features/site-content/info-pages');
const newsPages = () => import('../features/site-content/news-pages');
const peoplePages = () => import('../features/site-content/people-pages');
const governancePages = () => import('../features/governance/governance-pages');
const ideasPages = () => import('../features/ideas/ideas-pages');
const projectsPages = () => import('../features/land-projects/projects-pages');
const chatPages = () => import('../features/chat/chat-pages');

const homePage = () => import('../features/site-content/home-page');
const devApiPage = () => import('../features/api-docs/dev-api-page');
const faqPage = () => import('../features/site-content/faq-page');
const feesPage = () => import('../features/site-content/fees-page');
const statisticsPage = () => import('../features/site-content/statistics-page');
const verifyCertificatePage = () => import('../features/site-content/verify-certificate-page');

/** Route-table path → the chunk holding its page; the admin sections not listed are in the admin chunk (chunkOf). */
const PAGES: Readonly<Record<string, Chunk>> = {
  '/': homePage,
  '/register': accountPages,
  '/business-register': accountPages,
  '/login': accountPages,
  '/logout': accountPages,
  '/login-forgot': accountPages,
  '/login/reset': accountPages,
  '/account/confirm': accountPages,
  '/account/admin-invitation': accountPages,
  '/dashboard/settings/change-password': accountSettingsPages,
  '/dashboard/settings/security': accountSettingsPages,
  '/dashboard/settings/subscriptions': accountSettingsPages,
  '/dashboard/settings/notifications': accountSettingsPages,
  '/dashboard/notifications': accountSettingsPages,
  '/unsubscribe': accountSettingsPages,
  '/account/not-me': accountSettingsPages,
  '/account/verify-email-change': emailChangePages,
  '/dashboard/settings/change-email': emailChangePages,
  '/dev/mail': devMailPages,
  '/dev/mail/:id': devMailPages,
  '/dev/api': devApiPage,
  '/dashboard': dashboardPages,
  '/dashboard/my-transactions': transactionsPages,
  '/dashboard/statement': statementPages,
  '/dashboard/sales-invoices': invoicesPages,
  '/dashboard/questions/open': communityPages,
  '/dashboard/questions/close': communityPages,
  '/dashboard/questions/:id': communityPages,
  '/dashboard/community/ask-question': communityPages,
  '/dashboard/community/open-question': communityPages,
  '/dashboard/community/close-question': communityPages,
  '/dashboard/community/your-question': communityPages,
  '/dashboard/community/become-agent': communityPages,
  '/dashboard/settings': settingsPages,
  '/dashboard/settings/profile-verification': settingsPages,
  '/dashboard/settings/bank-verification': settingsPages,
  '/dashboard/votes': governancePages,
  '/dashboard/quizzes': governancePages,
  '/admin/votes': governancePages,
  '/admin/quizzes': governancePages,
  '/admin/ideas': ideasPages,
  '/admin/projects': projectsPages,
  '/admin/chat': chatPages,
  '/chat': chatPages,
  '/dashboard/saleschat': chatPages,
  '/dashboard/community-ideas': ideasPages,
  '/dashboard/projects/open': projectsPages,
  '/dashboard/projects/close': projectsPages,
  '/dashboard/land-projects': projectsPages,
  '/dashboard/transaction': orderPages,
  '/dashboard/convert': orderPages,
  '/dashboard/future-transfer': orderPages,
  '/dashboard/view-future-transfer': orderPages,
  '/dashboard/buy-units/payment': orderPages,
  '/dashboard/buy-units/payment-bank': orderPages,
  '/dashboard/buy-units/payment-crypto': orderPages,
  '/dashboard/buy-units/payment-card-stripe': orderPages,
  '/dashboard/buy-units/payment-card-square': orderPages,
  '/dashboard/buy-units/payment-card': orderPages,
  '/dashboard/buy-units/payment/success': orderPages,
  '/dashboard/buy-units/cancelled': orderPages,
  '/dashboard/sell-units/success': orderPages,
  '/dashboard/transfer/success': orderPages,
  '/dashboard/convert/success': orderPages,
  '/dashboard/future-transfer/cancelled': orderPages,
  // Public website: the pages measured for speed (/faq, /fees, /news) have chunks of their own.
  '/faq': faqPage,
  '/fees': feesPage,
  '/statistics': statisticsPage,
  '/news': newsPages,
  '/news/category/:slug': newsPages,
  '/news/article/:id': newsPages,
  '/verify/:code': verifyCertificatePage,
  '/team': peoplePages,
  '/contact-us': peoplePages,
  '/subscribe/confirm': peoplePages,
  '/about-us': infoPages,
  '/business': infoPages,
  '/rocket1': infoPages,
  '/landing': infoPages,
  '/references': infoPages,
  '/terms-and-conditions': infoPages,
  '/privacy-policy': infoPages,
  '/user-manual': infoPages,
  '/dashboard/What-are-Land-Units': infoPages,
};

const placeholderPage = () => import('./pages/placeholder-page').then((m) => ({ default: m.PlaceholderPage }));

const chunkOf = (path: string): Chunk | undefined => PAGES[path] ?? (path.startsWith('/admin') ? adminPages : undefined);

/** Loads the page of a route-table path: its chunk's component, or the placeholder page. */
export function loadPage(path: string): Promise<{ default: ComponentType }> {
  const chunk = chunkOf(path);
  return chunk ? chunk().then((m) => ({ default: m.pages[path] as ComponentType })) : placeholderPage();
}

/** Whether the page of a route-table path is built (not the placeholder). */
export const isBuilt = (path: string): boolean => chunkOf(path) !== undefined;

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazily loaded page component of a route-table path (the placeholder page when not built yet). */
export function pageComponent(path: string): LazyExoticComponent<ComponentType> {
  const key = isBuilt(path) ? path : '';
  let component = cache.get(key);
  if (!component) {
    component = lazy(() => loadPage(path));
    cache.set(key, component);
  }
  return component;
}

/** The admin area's frame (navigation per role) around its sections, in the admin chunk. */
export const AdminShell = lazy(() => adminPages().then((m) => ({ default: m.AdminShell })));

export const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
