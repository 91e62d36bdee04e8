/** The administration area, in one lazy chunk (see app/page-modules.ts): its frame and sections. */
export { AdminShell } from './admin-shell';
export { AdminIndexPage, AdminOrdersPage, AdminCodesPage, AdminEmailChangesPage } from './admin-sections';
export { AdminAuditPage } from './audit-page';
export { VerificationsSection as AdminVerificationsPage } from './verifications-section';
export { AdminNewsSection as AdminNewsPage } from './news-section';
export { AdminNewsCategoriesSection as AdminNewsCategoriesPage } from './news-categories-section';
export { AdminTeamSection as AdminTeamPage } from './team-section';
