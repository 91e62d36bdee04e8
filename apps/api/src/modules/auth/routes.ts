import { AUTH_ANSWERS, type SecondFactorKind, SECURITY_MESSAGES } from '@landunits/domain';
import { ACCOUNT_SETTINGS_CONTRACTS, AUTH_CONTRACTS as C, SECURITY_CONTRACTS as S, type WebAuthnOptions } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { toUserView, type UserRow } from '../users';
import { cancelRegistration } from './cancel-registration';
import { changePassword } from './change-password';
import { confirmEmail, type TrackingHook } from './confirm-email';
import { deviceTokenOf, setDeviceCookie, clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './sessions/cookies';
import { passedAdminSecondFactor } from './guard';
import { logIn } from './log-in';
import { reportNotMe } from './report-not-me';
import { finishPasskeySignIn } from './passkeys/finish-passkey-sign-in';
import { PASSKEY_COOKIE, startPasskeySignIn } from './passkeys/start-passkey-sign-in';
import { registerUser } from './register-user';
import { checkResetToken, requestPasswordReset, resetPassword } from './reset-password';
import { route } from './route';
import { completeSecondStep, SECOND_STEP_LIFETIME_MS, secondStepPasskeyOptions, SIGN_IN_COOKIE } from './second-step';
import { sendConfirmation } from './send-confirmation';
import { deleteSession } from './sessions/store';
import type { SignInClient } from './sessions/sign-in';
import { CHALLENGE_LIFETIME_MS } from './passkeys/webauthn';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { endSessions } from './sessions/end-sessions';
import { setDailyTransferLimit } from './money-safeguards/set-daily-transfer-limit';
import { setStepUpTransfersAbove } from './money-safeguards/set-step-up-transfers-above';
import { finishPasskeyRegistration } from './passkeys/finish-passkey-registration';
import { removePasskey } from './passkeys/remove-passkey';
import { renamePasskey } from './passkeys/rename-passkey';
import { startPasskeyRegistration } from './passkeys/start-passkey-registration';
import { confirmTotp } from './second-factors/confirm-totp';
import { regenerateRecoveryCodes } from './second-factors/regenerate-recovery-codes';
import { removeTotp } from './second-factors/remove-totp';
import { securityOverview } from './second-factors/show-security-overview';
import { startTotpSetup } from './second-factors/start-totp-setup';
import { proveStepUp } from './step-up/prove-step-up';
import { stepUpOptions } from './step-up/show-step-up-options';

/** After signing in, a first-time user goes to their settings; everyone else to the dashboard. */
const landingFor = (firstLogin: boolean) => (firstLogin ? '/dashboard/settings' : '/dashboard');

/** An admin whose session cannot use the admin area yet goes to set up (or to use) a passkey or an authenticator app. */
async function landingAfterSignIn(ctx: AppContext, user: UserRow, secondFactor: SecondFactorKind | null): Promise<string> {
  if (user.adminRole && !passedAdminSecondFactor({ secondFactor })) return '/dashboard/settings/security';
  return landingFor(user.firstLogin);
}

const signInCookieOptions = (ctx: AppContext) => ({ httpOnly: true, sameSite: 'lax', secure: ctx.config.httpsOnly, path: '/api/auth/login', maxAge: SECOND_STEP_LIFETIME_MS / 1000 }) as const;
const passkeyCookieOptions = (ctx: AppContext) => ({ httpOnly: true, sameSite: 'strict', secure: ctx.config.httpsOnly, path: '/api/auth/passkey', maxAge: CHALLENGE_LIFETIME_MS / 1000 }) as const;

/** The browser signing in: its device id, User-Agent and address (for the sessions list and new-device emails). */
const clientOf = (request: FastifyRequest, deviceToken: string): SignInClient => ({ deviceToken, userAgent: request.headers['user-agent'], ipAddress: request.ip });

export interface AuthRoutesOptions {
  /** Forwards a confirmation's tracking payload (marketing module), in the confirmation's transaction. */
  onTracking?: TrackingHook;
}

/** The account routes (AUTH_CONTRACTS) and the password change: each route is its contract over one use-case. */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions = {}): Promise<void> {
  const ctx = app.ctx;

  route(app, C.register, ({ body, request }) => registerUser(ctx, body, request.ip));
  route(app, C.cancelRegistration, ({ body, request }) => cancelRegistration(ctx, body.email, request.ip));
  route(app, C.sendConfirmation, ({ body, request }) => sendConfirmation(ctx, body.email, request.ip));

  route(app, C.confirm, async ({ body, request, reply }) => {
    const device = deviceTokenOf(request);
    const result = await confirmEmail(ctx, body.token, body.hubspotMetaData, options.onTracking, clientOf(request, device.token));
    if (device.isNew) setDeviceCookie(reply, ctx, device.token);
    setSessionCookie(reply, ctx, result.token);
    return { message: result.message, user: toUserView(result.user), redirectTo: landingFor(result.user.firstLogin) };
  });

  route(app, C.login, async ({ body, request, reply }) => {
    const device = deviceTokenOf(request);
    const result = await logIn(ctx, body, request.ip, clientOf(request, device.token));
    if ('challengeToken' in result) {
      reply.setCookie(SIGN_IN_COOKIE, result.challengeToken, signInCookieOptions(ctx));
      return { secondFactor: { methods: result.methods } };
    }
    if (device.isNew) setDeviceCookie(reply, ctx, device.token);
    setSessionCookie(reply, ctx, result.token);
    return { user: toUserView(result.user), redirectTo: await landingAfterSignIn(ctx, result.user, null) };
  });

  route(app, C.loginSecondFactor, async ({ body, request, reply }) => {
    const device = deviceTokenOf(request);
    const result = await completeSecondStep(ctx, request.cookies[SIGN_IN_COOKIE], body, request.ip, clientOf(request, device.token));
    reply.clearCookie(SIGN_IN_COOKIE, signInCookieOptions(ctx));
    if (device.isNew) setDeviceCookie(reply, ctx, device.token);
    setSessionCookie(reply, ctx, result.token);
    return { user: toUserView(result.user), redirectTo: await landingAfterSignIn(ctx, result.user, result.secondFactor) };
  });

  route(app, C.loginSecondFactorPasskey, async ({ request }) => webAuthnOptions(await secondStepPasskeyOptions(ctx, request.cookies[SIGN_IN_COOKIE], request.ip)));

  // A passkey alone: the options' challenge is bound to this browser (lu_passkey), then its answer signs in.
  route(app, C.passkeyOptions, async ({ request, reply }) => {
    const { token, options } = await startPasskeySignIn(ctx, request.ip);
    reply.setCookie(PASSKEY_COOKIE, token, passkeyCookieOptions(ctx));
    return webAuthnOptions(options);
  });

  route(app, C.passkeyLogin, async ({ body, request, reply }) => {
    const device = deviceTokenOf(request);
    const token = request.cookies[PASSKEY_COOKIE];
    reply.clearCookie(PASSKEY_COOKIE, passkeyCookieOptions(ctx));
    const result = await finishPasskeySignIn(ctx, token, body.answer, request.ip, clientOf(request, device.token));
    if (device.isNew) setDeviceCookie(reply, ctx, device.token);
    setSessionCookie(reply, ctx, result.token);
    return { user: toUserView(result.user), redirectTo: await landingAfterSignIn(ctx, result.user, 'passkey') };
  });

  route(app, C.logout, async ({ request, reply }) => {
    await deleteSession(ctx, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, ctx);
    return { message: AUTH_ANSWERS.loggedOut };
  });

  route(app, C.forgotPassword, ({ body, request }) => requestPasswordReset(ctx, body.email, request.ip));
  route(app, C.checkResetToken, ({ params }) => checkResetToken(ctx, params.token));
  route(app, C.resetPassword, ({ params, body }) => resetPassword(ctx, params.token, body.password));
  route(app, C.notMe, ({ params, request }) => reportNotMe(ctx, params.token, request.ip));

  await securityRoutes(app);

  route(app, ACCOUNT_SETTINGS_CONTRACTS.changePassword, ({ user, body, request }) => changePassword(ctx, user, request.cookies[SESSION_COOKIE] ?? '', body));
}

/** WebAuthn's own options (an interface, which TypeScript does not match to the contract's open object), passed to the browser's library as they are. */
const webAuthnOptions = (options: { challenge: string }): WebAuthnOptions => options as WebAuthnOptions;

/** A passkey's or a session's id: anything but one of the person's own is 404, a malformed id included. */
const idOf = (params: { id: string }): string | null => {
  const parsed = z.uuid().safeParse(params.id);
  return parsed.success ? parsed.data.toLowerCase() : null;
};

const passkeyId = (params: { id: string }): string => {
  const id = idOf(params);
  if (id === null) throw new AppError('NOT_FOUND', SECURITY_MESSAGES.passkeyNotFound);
  return id;
};

/** The person's security settings (/dashboard/settings/security): passkeys, authenticator app, recovery codes and sessions; each route is its contract (SECURITY_CONTRACTS). */
async function securityRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, S.overview, ({ session }) => securityOverview(ctx, session));
  route(app, S.totpSetup, ({ session }) => startTotpSetup(ctx, session));
  route(app, S.totpConfirm, ({ session, body }) => confirmTotp(ctx, session, body));
  route(app, S.totpRemove, ({ session, body }) => removeTotp(ctx, session, body));
  route(app, S.recoveryCodes, ({ session, body }) => regenerateRecoveryCodes(ctx, session, body));
  route(app, S.passkeyOptions, async ({ session, body }) => webAuthnOptions(await startPasskeyRegistration(ctx, session, body.password)));
  route(app, S.passkeyRegister, ({ session, body }) => finishPasskeyRegistration(ctx, session, body));
  route(app, S.passkeyRename, ({ session, params, body }) => renamePasskey(ctx, session, passkeyId(params), body.name));
  route(app, S.passkeyRemove, ({ session, params, body }) => removePasskey(ctx, session, passkeyId(params), body.password));
  route(app, S.stepUpOptions, ({ session, body }) => stepUpOptions(ctx, session, body.action));
  route(app, S.stepUp, ({ session, body }) => proveStepUp(ctx, session, body));
  route(app, S.safeguards, ({ session, body }) => setStepUpTransfersAbove(ctx, session, body.stepUpTransfersAbove));
  route(app, S.transferLimit, ({ session, body }) => setDailyTransferLimit(ctx, session, body.units));

  route(app, S.endSession, async ({ session, params }) => {
    const id = idOf(params);
    // Not an id, someone else's, already ended, or this session (signing out is logout): 404.
    const ended = id !== null && id !== session.sessionId && (await endSessions(ctx, session, { id })) === 1;
    if (!ended) throw new AppError('NOT_FOUND', SECURITY_MESSAGES.sessionNotFound);
    return { message: SECURITY_MESSAGES.sessionEnded };
  });

  route(app, S.endOtherSessions, async ({ session }) => ({ message: SECURITY_MESSAGES.otherSessionsEnded, ended: await endSessions(ctx, session, 'others') }));
}
