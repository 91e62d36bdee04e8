/** The administration area, in one lazy chunk (see app/page-modules.ts): its frame and sections. */
export { AdminShell } from './admin-shell';
export { AdminIndexPage, AdminOrdersPage, AdminCodesPage, AdminEmailChangesPage } from './admin-sections';
export { AdminAuditPage } from './audit-page';
export { VerificationsSection as AdminVerificationsPage } from './verifications-section';
export { MoneySettingsSection as AdminSettingsPage } from './settings/money-settings-section';
export { PaymentDetailsSection as AdminPaymentDetailsPage } from './settings/payment-details-section';
