import { AUTH_ANSWERS, type SecondFactorKind } from '@landunits/domain';
import { ACCOUNT_SETTINGS_CONTRACTS, AUTH_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { toUserView, type UserRow } from '../users';
import { cancelRegistration } from './cancel-registration';
import { changePassword } from './change-password';
import { confirmEmail, type TrackingHook } from './confirm-email';
import { deviceTokenOf, setDeviceCookie } from './devices';
import { passedAdminSecondFactor } from './guard';
import { logIn } from './log-in';
import { reportNotMe } from './not-me';
import { finishPasskeySignIn, PASSKEY_COOKIE, startPasskeySignIn } from './passkeys';
import { registerUser } from './register-user';
import { checkResetToken, requestPasswordReset, resetPassword } from './reset-password';
import { route } from './route';
import { completeSecondStep, SECOND_STEP_LIFETIME_MS, secondStepPasskeyOptions, SIGN_IN_COOKIE } from './second-step';
import { securityRoutes, webAuthnOptions } from './security-routes';
import { sendConfirmation } from './send-confirmation';
import { clearSessionCookie, deleteSession, SESSION_COOKIE, setSessionCookie } from './sessions';
import type { SignInClient } from './sign-in';
import { CHALLENGE_LIFETIME_MS } from './webauthn';

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
