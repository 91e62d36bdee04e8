export { createAdmin, AdminExistsError, seedDemoAdmin, DEMO_ADMIN_EMAIL } from './create-admin';
export { toUserView, dashboardBundle, type UserView } from './user-view';
