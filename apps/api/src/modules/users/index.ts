export { createAdmin, AdminExistsError, seedDemoAdmin, DEMO_ADMIN_EMAIL, DEMO_ADMINS } from './create-admin';
export { toUserView, type UserView, type UserRow } from './user-view';
export { findActiveUserByEmail } from './find-active-user-by-email';
export { findUsersByIds } from './find-users-by-ids';
export { findAdminRole } from './find-admin-role';
export type { Person } from './person';
export { isActiveUser } from './is-active-user';
export { createDemoUser } from './create-demo-user';
export {
  changeUserEmail,
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
} from './account-store';
export { bankApprovedAmong, lockUserById, setVerificationStatuses, shareLockUserById } from './verification-status';
export { findUsersInVerificationStatus, pendingReviewIdsQuery, type VerificationQueuePerson } from './find-users-in-verification-status';
export { saveAccountNames } from './account-names';
export {
  activateInvitedAdmin,
  activeOwnerIds,
  deleteInvitedAdmin,
  findAdminById,
  insertInvitedAdmin,
  listAdminAccounts,
  lockAccountByEmail,
  lockAdminById,
  setAdminRole,
  type AdminRow,
} from './admin-store';
export {
  limitOverrideRowsQuery,
  limitOverridesFrom,
  lockPurchaseLimitOverride,
  purchaseLimitOverrideOf,
  purchaseLimitOverridesOf,
  savePurchaseLimitOverride,
  type LimitOverrideRow,
  type PurchaseLimitOverrideRow,
} from './purchase-limit-overrides';
export { accountStatusOf, setAccountDisabled } from './account-status';
export { searchUsers, type UserSearch } from './search-users';
