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
export { lockUserById, setVerificationStatuses, shareLockUserById } from './verification-status';
export { findUsersInVerificationStatus, type VerificationQueuePerson } from './find-users-in-verification-status';
export { saveAccountNames } from './account-names';
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
