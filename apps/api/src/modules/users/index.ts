export { createAdmin, AdminExistsError, seedDemoAdmin, DEMO_ADMIN_EMAIL, DEMO_ADMINS } from './create-admin';
export { findActiveUserByEmail } from './find-active-user-by-email';
export { findUsersByIds } from './find-users-by-ids';
export { findAdminRole } from './find-admin-role';
export { isActiveUser } from './is-active-user';
export { createDemoUser } from './create-demo-user';
export { changeUserEmail } from './change-user-email';
export { findUsersInVerificationStatus, pendingReviewIdsQuery, type VerificationQueuePerson } from './find-users-in-verification-status';
export { saveAccountNames } from './save-account-names';
export { saveDisplayCurrency } from './save-display-currency';
export { listAdminAccounts } from './list-admin-accounts';
export { setAccountDisabled } from './set-account-disabled';
export { searchUsers, type UserSearch } from './search-users';
export {
  toUserView,
  type UserView,
  type UserRow,
  type Person,
  accountStatusOf,
  clearFirstLogin,
  recordSignIn,
  deleteUnconfirmedUser,
  findUserByEmail,
  findUserById,
  insertPendingUser,
  lockConfirmedUserByEmail,
  lockUnconfirmedUserByEmail,
  lockUserByEmail,
  markEmailConfirmed,
  replaceUserDetails,
  setPasswordHash,
  type AccountDetails,
  bankApprovedAmong,
  lockUserById,
  setVerificationStatuses,
  shareLockUserById,
  activateInvitedAdmin,
  activeOwnerIds,
  deleteInvitedAdmin,
  findAdminById,
  insertInvitedAdmin,
  lockAccountByEmail,
  lockAdminById,
  setAdminRole,
  type AdminRow,
  limitOverrideRowsQuery,
  limitOverridesFrom,
  lockPurchaseLimitOverride,
  purchaseLimitOverrideOf,
  purchaseLimitOverridesOf,
  savePurchaseLimitOverride,
  type LimitOverrideRow,
  type PurchaseLimitOverrideRow,
} from './store';
