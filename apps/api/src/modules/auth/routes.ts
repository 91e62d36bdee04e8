import { AUTH_ANSWERS, ChangePasswordSchema, ConfirmationPayloadSchema, EmailOnlySchema, LoginSchema, RegisterPayloadSchema, ResetPasswordPayloadSchema } from '@landunits/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { PasskeyLoginSchema, type SecondFactorKind, SecondFactorLoginSchema } from '@landunits/domain';
import { deviceTokenOf, setDeviceCookie } from './devices';
import { passedAdminSecondFactor } from './guard';
import { finishPasskeySignIn, PASSKEY_COOKIE, startPasskeySignIn } from './passkeys';
import { completeSecondStep, SECOND_STEP_LIFETIME_MS, secondStepPasskeyOptions, SIGN_IN_COOKIE } from './second-step';
import { CHALLENGE_LIFETIME_MS } from './webauthn';
import { securityRoutes } from './security-routes';
import type { SignInClient } from './sign-in';
import { TokenParamsSchema } from '@landunits/domain/contracts';
import { parseInput } from '../../platform/http/app-error';
import { toUserView, type UserRow } from '../users';
import { cancelRegistration } from './cancel-registration';
import { confirmEmail, type TrackingHook } from './confirm-email';
import { logIn } from './log-in';
import { registerUser } from './register-user';
import { changePassword } from './change-password';
import { requireUser } from './guard';
import { reportNotMe } from './not-me';
import { checkResetToken, requestPasswordReset, resetPassword } from './reset-password';
import { sendConfirmation } from './send-confirmation';
import { clearSessionCookie, deleteSession, SESSION_COOKIE, setSessionCookie } from './sessions';

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

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions = {}): Promise<void> {
  const ctx = app.ctx;

  app.post('/api/user/register', async (request) => registerUser(ctx, parseInput(RegisterPayloadSchema, request.body), request.ip));

  app.post('/api/user/register/cancel', async (request) => {
    const { email } = parseInput(EmailOnlySchema, request.body);
    return cancelRegistration(ctx, email, request.ip);
  });

  app.post('/api/auth/send-confirmation', async (request) => {
    const { email } = parseInput(EmailOnlySchema, request.body);
    return sendConfirmation(ctx, email, request.ip);
  });

  app.post('/api/auth/confirmation', async (request, reply) => {
    const { token, hubspotMetaData } = parseInput(ConfirmationPayloadSchema, request.body);
    const device = deviceTokenOf(request);
    const result = await confirmEmail(ctx, token, hubspotMetaData, options.onTracking, clientOf(request, device.token));
    if (device.isNew) setDeviceCookie(reply, ctx, device.token);
    setSessionCookie(reply, ctx, result.token);
    return { message: result.message, user: toUserView(result.user), redirectTo: landingFor(result.user.firstLogin) };
  });

  app.post('/api/auth/login', async (request, reply) => {
    const device = deviceTokenOf(request);
    const result = await logIn(ctx, parseInput(LoginSchema, request.body), request.ip, clientOf(request, device.token));
    if ('challengeToken' in result) {
      reply.setCookie(SIGN_IN_COOKIE, result.challengeToken, signInCookieOptions(ctx));
      return { secondFactor: { methods: result.methods } };
    }
    if (device.isNew) setDeviceCookie(reply, ctx, device.token);
    setSessionCookie(reply, ctx, result.token);
    return { user: toUserView(result.user), redirectTo: await landingAfterSignIn(ctx, result.user, null) };
  });

  app.post('/api/auth/login/second-factor', async (request, reply) => {
    const input = parseInput(SecondFactorLoginSchema, request.body);
    const device = deviceTokenOf(request);
    const result = await completeSecondStep(ctx, request.cookies[SIGN_IN_COOKIE], input, request.ip, clientOf(request, device.token));
    reply.clearCookie(SIGN_IN_COOKIE, signInCookieOptions(ctx));
    if (device.isNew) setDeviceCookie(reply, ctx, device.token);
    setSessionCookie(reply, ctx, result.token);
    return { user: toUserView(result.user), redirectTo: await landingAfterSignIn(ctx, result.user, result.secondFactor) };
  });

  app.post('/api/auth/login/second-factor/passkey', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return secondStepPasskeyOptions(ctx, request.cookies[SIGN_IN_COOKIE], request.ip);
  });

  // A passkey alone: the options' challenge is bound to this browser (lu_passkey), then its answer signs in.
  app.post('/api/auth/passkey/options', async (request, reply) => {
    const { token, options } = await startPasskeySignIn(ctx, request.ip);
    reply.setCookie(PASSKEY_COOKIE, token, passkeyCookieOptions(ctx));
    reply.header('cache-control', 'no-store');
    return options;
  });

  app.post('/api/auth/passkey', async (request, reply) => {
    const { answer } = parseInput(PasskeyLoginSchema, request.body);
    const device = deviceTokenOf(request);
    const token = request.cookies[PASSKEY_COOKIE];
    reply.clearCookie(PASSKEY_COOKIE, passkeyCookieOptions(ctx));
    const result = await finishPasskeySignIn(ctx, token, answer, request.ip, clientOf(request, device.token));
    if (device.isNew) setDeviceCookie(reply, ctx, device.token);
    setSessionCookie(reply, ctx, result.token);
    return { user: toUserView(result.user), redirectTo: await landingAfterSignIn(ctx, result.user, 'passkey') };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await deleteSession(ctx, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, ctx);
    return { message: AUTH_ANSWERS.loggedOut };
  });

  app.post('/api/auth/login/forgot', async (request) => {
    const { email } = parseInput(EmailOnlySchema, request.body);
    return requestPasswordReset(ctx, email, request.ip);
  });

  app.get('/api/auth/verify_password_token/:token', async (request) => {
    const { token } = parseInput(TokenParamsSchema, request.params);
    return checkResetToken(ctx, token);
  });

  app.post('/api/auth/login/reset/:token', async (request) => {
    const { token } = parseInput(TokenParamsSchema, request.params);
    const { password } = parseInput(ResetPasswordPayloadSchema, request.body);
    return resetPassword(ctx, token, password);
  });

  app.post('/api/auth/not-me/:token', async (request) => {
    const { token } = parseInput(TokenParamsSchema, request.params);
    return reportNotMe(ctx, token, request.ip);
  });

  await securityRoutes(app);

  app.post('/api/user/update_user_password', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const input = parseInput(ChangePasswordSchema, request.body);
    return changePassword(ctx, user, request.cookies[SESSION_COOKIE] ?? '', input);
  });
}
