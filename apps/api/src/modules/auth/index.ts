export { authRoutes, type AuthRoutesOptions } from './routes';
export {
  requireUser,
  optionalUser,
  optionalSession,
  requireSession,
  requirePermission,
  requireMoneyPermission,
  requirePermissionOf,
  passedAdminSecondFactor,
  requireAdminSecondFactor,
  ADMIN_ONLY_MESSAGE,
  type AdminUser,
} from './guard';
export { SESSION_COOKIE, setSessionCookie } from './sessions/cookies';
export { deleteUserSessions, listUserSessions, type SessionClient } from './sessions/store';
export { signIn } from './sessions/sign-in';
export { consumeInvitationToken, invitationExpiries, invitationOwner, revokeInvitation } from './store';
export { issueInvitationLink } from './issue-invitation-link';
export { sendConfirmationLink } from './send-confirmation';
export { revokeResetTokens } from './store';
export { deleteExpiredAuthRows } from './delete-expired-auth-rows';
export { authPeriodicTasks } from './jobs';
export { seedDemoAuthenticators } from './second-factors/totp';
export { resetSecondFactors } from './second-factors/reset-second-factors';
export { activeMoneyHold, activeMoneyHoldsOf, lockMoneyUntilReset, refuseDuringMoneyHold, startMoneyHold } from './money-holds';
export { hasSecondFactor, keepStepUpOfSession, requireStepUp, type StepUpCaller, type TakenStepUp } from './step-up/store';
export { lockTransferSafeguards, type TransferSafeguards } from './money-safeguards/store';
export { route, type RouteInput } from './route';
