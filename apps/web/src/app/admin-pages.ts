/** The administration area, in one lazy chunk (see app/page-modules.ts): its frame and sections. */
import { AdminHomePage } from '../features/admin-home/admin/admin-home';
import { AdminOrdersPage } from '../features/orders/admin/admin-orders-page';
import { AdminCodesPage } from '../features/reference-codes/admin/admin-codes-page';
import { AdminEmailChangesPage } from '../features/email-change/admin/admin-email-changes-page';
import { AdminPayoutsPage } from '../features/orders/admin/payouts-section';
import { VerificationsSection as AdminVerificationsPage } from '../features/verification/admin/verifications-section';
import { AdminAuditPage } from '../features/audit/admin/audit-page';
import { ContactPage as AdminContactPage } from '../features/contact/admin/contact-page';
import { SubscribersPage as AdminSubscribersPage } from '../features/newsletter/admin/subscribers-page';
import { AdminsSection as AdminAdminsPage } from '../features/admins/admin/admins-section';
import { UsersSection as AdminUsersPage } from '../features/user-admin/admin/users-section';
import { UserPage as AdminUserPage } from '../features/user-admin/admin/user-page';
import { AdminNewsSection as AdminNewsPage } from '../features/site-content/admin/news-section';
import { AdminNewsCategoriesSection as AdminNewsCategoriesPage } from '../features/site-content/admin/news-categories-section';
import { AdminTeamPage } from '../features/site-content/admin/team-page';
import { MoneySettingsSection as AdminSettingsPage } from '../features/pricing/admin/money-settings-section';
import { PaymentDetailsSection as AdminPaymentDetailsPage } from '../features/pricing/admin/payment-details-section';
import { AdminQuestionsSection as AdminQuestionsPage } from '../features/community/admin/admin-questions-section';
import { IntegrationsSection as AdminIntegrationsPage } from '../features/marketing/admin/integrations-section';
import { AdminAgentsSection as AdminAgentsPage } from '../features/community/admin/admin-agents-section';
import { JobsSection as AdminJobsPage } from '../features/job-queue/admin/jobs-section';
export { AdminShell } from '../shared/admin/admin-shell';
export { AdminOrdersPage } from '../features/orders/admin/admin-orders-page';
export { AdminCodesPage } from '../features/reference-codes/admin/admin-codes-page';
export { AdminEmailChangesPage } from '../features/email-change/admin/admin-email-changes-page';
export { AdminHomePage } from '../features/admin-home/admin/admin-home';
export { SubscribersPage as AdminSubscribersPage } from '../features/newsletter/admin/subscribers-page';
export { ContactPage as AdminContactPage } from '../features/contact/admin/contact-page';
export { AdminAuditPage } from '../features/audit/admin/audit-page';
export { VerificationsSection as AdminVerificationsPage } from '../features/verification/admin/verifications-section';
export { AdminPayoutsPage } from '../features/orders/admin/payouts-section';
export { AdminsSection as AdminAdminsPage } from '../features/admins/admin/admins-section';
export { UsersSection as AdminUsersPage } from '../features/user-admin/admin/users-section';
export { UserPage as AdminUserPage } from '../features/user-admin/admin/user-page';
export { AdminNewsSection as AdminNewsPage } from '../features/site-content/admin/news-section';
export { AdminNewsCategoriesSection as AdminNewsCategoriesPage } from '../features/site-content/admin/news-categories-section';
export { AdminTeamPage } from '../features/site-content/admin/team-page';
export { MoneySettingsSection as AdminSettingsPage } from '../features/pricing/admin/money-settings-section';
export { PaymentDetailsSection as AdminPaymentDetailsPage } from '../features/pricing/admin/payment-details-section';
export { AdminQuestionsSection as AdminQuestionsPage } from '../features/community/admin/admin-questions-section';
export { IntegrationsSection as AdminIntegrationsPage } from '../features/marketing/admin/integrations-section';
export { AdminAgentsSection as AdminAgentsPage } from '../features/community/admin/admin-agents-section';
export { JobsSection as AdminJobsPage } from '../features/job-queue/admin/jobs-section';

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
