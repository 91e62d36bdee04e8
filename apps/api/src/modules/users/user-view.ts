import type { users } from './schema';

export type UserRow = typeof users.$inferSelect;

/** The user object the web app receives (SPEC §3): never the password hash or internal flags. */
export function toUserView(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName ?? '',
    userType: user.userType,
    role: user.adminRole ? ('ADMIN' as const) : user.userType,
    /** Which admin sections the person may use (PRODUCT-DECISIONS §12); null for non-admins. */
    adminRole: user.adminRole ?? null,
    firstLogin: user.firstLogin,
    profileVerificationStatus: user.profileVerificationStatus,
    bankVerificationStatus: user.bankVerificationStatus,
    ...(user.businessName ? { businessName: user.businessName } : {}),
  };
}
export type UserView = ReturnType<typeof toUserView>;
