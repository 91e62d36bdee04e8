import type { users } from '../../platform/db/schema';

type UserRow = typeof users.$inferSelect;

/** The user object the web app receives (SPEC §3): never the password hash or internal flags. */
export function toUserView(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName ?? '',
    userType: user.userType,
    role: user.isAdmin ? ('ADMIN' as const) : user.userType,
    firstLogin: user.firstLogin,
    ...(user.businessName ? { businessName: user.businessName } : {}),
  };
}
export type UserView = ReturnType<typeof toUserView>;

/**
 * GET /api/user: the dashboard bundle of SPEC §3. Holdings, prices and the rest are filled by the
 * modules that own them as they arrive; until then they are empty, never invented.
 */
export function dashboardBundle(user: UserRow) {
  return {
    user: toUserView(user),
    prices: {},
    userDashBoardDetails: {
      userAnalytics: {},
      buyOrderBonusLockedByStatus: { LockedBonusApproved: [], PaymentSent: [] },
    },
    landUnitStats: null,
    exchangeRate: null,
    externalFees: {},
    adminBankDetails: null,
    emailChange: null,
  };
}
