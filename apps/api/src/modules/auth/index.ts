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
export { SESSION_COOKIE, deleteUserSessions, listUserSessions, setSessionCookie, type SessionClient } from './sessions';
export { signIn } from './sign-in';
export { consumeInvitationToken, invitationExpiries, invitationOwner, issueInvitationLink, revokeInvitation } from './invitations';
export { sendConfirmationLink } from './send-confirmation';
export { revokeResetTokens } from './email-tokens';
export { deleteExpiredAuthRows } from './cleanup';
export { authPeriodicTasks } from './jobs';
export { seedDemoAuthenticators } from './totp';
export { resetSecondFactors } from './second-factors';
export { activeMoneyHold, activeMoneyHoldsOf, lockMoneyUntilReset, refuseDuringMoneyHold, startMoneyHold } from './money-holds';
export { hasSecondFactor, keepStepUpOfSession, requireStepUp, type StepUpCaller, type TakenStepUp } from './step-up';
export { lockTransferSafeguards, type TransferSafeguards } from './money-safeguards';
export { route, type RouteInput } from './route';
