/** The administration area, in one lazy chunk (see app/page-modules.ts): its frame and sections. */
import { AdminHomePage } from './admin-home';
import { AdminCodesPage, AdminEmailChangesPage, AdminOrdersPage } from './admin-sections';
import { AdminPayoutsPage } from './payouts-section';
import { VerificationsSection as AdminVerificationsPage } from './verifications-section';
import { AdminAuditPage } from './audit-page';
import { ContactPage as AdminContactPage } from './contact-page';
import { SubscribersPage as AdminSubscribersPage } from './subscribers-page';
import { AdminsSection as AdminAdminsPage } from './admins-section';
import { UsersSection as AdminUsersPage } from './users-section';
import { UserPage as AdminUserPage } from './user-page';
import { AdminNewsSection as AdminNewsPage } from './news-section';
import { AdminNewsCategoriesSection as AdminNewsCategoriesPage } from './news-categories-section';
import { AdminTeamSection as AdminTeamPage } from './team-section';
import { MoneySettingsSection as AdminSettingsPage } from './settings/money-settings-section';
import { PaymentDetailsSection as AdminPaymentDetailsPage } from './settings/payment-details-section';
import { AdminQuestionsSection as AdminQuestionsPage } from './admin-questions-section';
import { IntegrationsSection as AdminIntegrationsPage } from './settings/integrations-section';
import { AdminAgentsSection as AdminAgentsPage } from './admin-agents-section';
import { JobsSection as AdminJobsPage } from './jobs/jobs-section';
export { AdminShell } from './admin-shell';
export { AdminOrdersPage, AdminCodesPage, AdminEmailChangesPage } from './admin-sections';
export { AdminHomePage } from './admin-home';
export { SubscribersPage as AdminSubscribersPage } from './subscribers-page';
export { ContactPage as AdminContactPage } from './contact-page';
export { AdminAuditPage } from './audit-page';
export { VerificationsSection as AdminVerificationsPage } from './verifications-section';
export { AdminPayoutsPage } from './payouts-section';
export { AdminsSection as AdminAdminsPage } from './admins-section';
export { UsersSection as AdminUsersPage } from './users-section';
export { UserPage as AdminUserPage } from './user-page';
export { AdminNewsSection as AdminNewsPage } from './news-section';
export { AdminNewsCategoriesSection as AdminNewsCategoriesPage } from './news-categories-section';
export { AdminTeamSection as AdminTeamPage } from './team-section';
export { MoneySettingsSection as AdminSettingsPage } from './settings/money-settings-section';
export { PaymentDetailsSection as AdminPaymentDetailsPage } from './settings/payment-details-section';
export { AdminQuestionsSection as AdminQuestionsPage } from './admin-questions-section';
export { IntegrationsSection as AdminIntegrationsPage } from './settings/integrations-section';
export { AdminAgentsSection as AdminAgentsPage } from './admin-agents-section';
export { JobsSection as AdminJobsPage } from './jobs/jobs-section';

/** This chunk's pages by route-table path: app/page-modules.ts loads a page by its path. */
export const pages = {
  '/admin': AdminHomePage,
  '/admin/orders': AdminOrdersPage,
  '/admin/payouts': AdminPayoutsPage,
  '/admin/verifications': AdminVerificationsPage,
  '/admin/codes': AdminCodesPage,
  '/admin/audit': AdminAuditPage,
  '/admin/email-changes': AdminEmailChangesPage,
  '/admin/contact': AdminContactPage,
  '/admin/subscribers': AdminSubscribersPage,
  '/admin/admins': AdminAdminsPage,
  '/admin/users': AdminUsersPage,
  '/admin/users/:id': AdminUserPage,
  '/admin/news': AdminNewsPage,
  '/admin/news/categories': AdminNewsCategoriesPage,
  '/admin/team': AdminTeamPage,
  '/admin/settings': AdminSettingsPage,
  '/admin/payment-details': AdminPaymentDetailsPage,
  '/admin/settings/integrations': AdminIntegrationsPage,
  '/admin/questions': AdminQuestionsPage,
  '/admin/agents': AdminAgentsPage,
  '/admin/jobs': AdminJobsPage,
};
