/** The administration area, in one lazy chunk (see app/page-modules.ts): its frame and sections. */
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
export { AdminAgentsSection as AdminAgentsPage } from './admin-agents-section';
