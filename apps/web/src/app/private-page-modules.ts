import type { ComponentType } from 'react';

/**
 * The pages search engines do not index (the dashboard, the admin area, the pages email links
 * open, the visitor chat, the certificate check, the development tools), by route-table path: a
 * lazy table of its own, so the entry does not carry these chunks' file names (see
 * page-modules.ts). The admin sections not listed are in the admin chunk.
 */

/** A page chunk: it exports its pages by route-table path. */
export type PageChunk = () => Promise<{ pages: Readonly<Record<string, ComponentType>> }>;

const accountSettingsPages = () => import('./account-settings-pages');
const devMailPages = () => import('../features/dev-mail/dev-mail-pages');
const dashboardPages = () => import('../features/dashboard/dashboard-pages');
const transactionsPages = () => import('../features/orders/transactions/transactions-pages');
const invoicesPages = () => import('../features/invoices/invoices-pages');
const communityPages = () => import('../features/community/community-pages');
const emailChangePages = () => import('../features/email-change/email-change-pages');
const orderPages = () => import('../features/orders/order-pages');
const settingsPages = () => import('../features/verification/settings-pages');
const statementPages = () => import('../features/reports/statement-pages');
const infoPages = () => import('../features/site-content/info-pages');
const governancePages = () => import('../features/governance/governance-pages');
const ideasPages = () => import('../features/ideas/ideas-pages');
const projectsPages = () => import('../features/land-projects/projects-pages');
const chatPages = () => import('../features/chat/chat-pages');
const devApiPage = () => import('../features/api-docs/dev-api-page');
const accountPages = () => import('../features/auth/account-pages');
const peoplePages = () => import('../features/site-content/people-pages');
const verifyCertificatePage = () => import('../features/site-content/verify-certificate-page');
const adminPages = () => import('./admin-pages');

const PAGES: Readonly<Record<string, PageChunk>> = {
  '/dashboard/settings/change-password': accountSettingsPages,
  '/dashboard/settings/security': accountSettingsPages,
  '/dashboard/settings/subscriptions': accountSettingsPages,
  '/dashboard/settings/notifications': accountSettingsPages,
  '/dashboard/notifications': accountSettingsPages,
  '/dashboard/settings/change-email': emailChangePages,
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
  '/dashboard/What-are-Land-Units': infoPages,
  '/dev/mail': devMailPages,
  '/dev/mail/:id': devMailPages,
  '/dev/api': devApiPage,
  '/logout': accountPages,
  '/account/confirm': accountPages,
  '/account/admin-invitation': accountPages,
  '/unsubscribe': accountSettingsPages,
  '/account/not-me': accountSettingsPages,
  '/account/verify-email-change': emailChangePages,
  '/subscribe/confirm': peoplePages,
  '/user-manual': infoPages,
  '/chat': chatPages,
  '/verify/:code': verifyCertificatePage,
};

/** The chunk holding the page of a path of this table, or undefined for a page not built yet. */
export const chunkOf = (path: string): PageChunk | undefined => PAGES[path] ?? (path.startsWith('/admin') ? adminPages : undefined);

/** The admin area's frame, from the admin chunk. */
export const adminShell = () => adminPages().then((m) => ({ default: m.AdminShell }));
