import { z } from 'zod';
import { ConfirmationPayloadSchema, EmailOnlySchema, LoginSchema, RegisterPayloadSchema, ResetPasswordPayloadSchema, TokenSchema } from '../validation/auth';
import { defineRoute, MessageSchema } from './contract';
import { UserViewSchema } from './dashboard-shapes';
import { SecondFactorNeededSchema, WebAuthnOptionsSchema } from './security';
import { PasskeyLoginSchema, SecondFactorLoginSchema } from '../validation/security';

/** The account routes (SPEC §7): registration, confirmation, sign-in and password reset. */

export const TokenParamsSchema = z.object({ token: TokenSchema });

/** A signed-in answer: the person and where the web app goes next. */
export const SignInAnswerSchema = z.object({
  user: UserViewSchema,
  /** '/dashboard/settings' for a first sign-in, '/dashboard' otherwise. */
  redirectTo: z.string(),
});
export type SignInAnswer = z.output<typeof SignInAnswerSchema>;

const area = 'Accounts';

export const AUTH_CONTRACTS = {
  register: defineRoute({
    method: 'POST',
    path: '/api/user/register',
    auth: 'public',
    area,
    summary: 'Registers a person and sends the confirmation email.',
    request: { body: RegisterPayloadSchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  cancelRegistration: defineRoute({
    method: 'POST',
    path: '/api/user/register/cancel',
    auth: 'public',
    area,
    summary: 'Cancels an unconfirmed registration.',
    request: { body: EmailOnlySchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  sendConfirmation: defineRoute({
    method: 'POST',
    path: '/api/auth/send-confirmation',
    auth: 'public',
    area,
    summary: 'Sends the confirmation email again.',
    request: { body: EmailOnlySchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/api/auth/confirmation',
    auth: 'public',
    area,
    summary: 'Confirms an email address with its token and signs the person in.',
    request: { body: ConfirmationPayloadSchema },
    responses: { 200: SignInAnswerSchema.extend({ message: z.string() }) },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED', 'ACCOUNT_DISABLED'],
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    auth: 'public',
    area,
    summary: 'Signs in with email and password; sets the lu_session cookie, or, for an account with a second factor, the lu_signin cookie of the second step.',
    request: { body: LoginSchema },
    responses: { 200: z.union([SignInAnswerSchema, SecondFactorNeededSchema]) },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'ACCOUNT_DISABLED', 'RATE_LIMITED'],
  }),
  loginSecondFactor: defineRoute({
    method: 'POST',
    path: '/api/auth/login/second-factor',
    auth: 'public',
    area,
    summary: 'The second step of a sign-in: a passkey, an authenticator code or a recovery code, after the password (the lu_signin cookie).',
    request: { body: SecondFactorLoginSchema },
    responses: { 200: SignInAnswerSchema },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'SIGN_IN_EXPIRED', 'CONFLICT', 'ACCOUNT_DISABLED', 'RATE_LIMITED'],
  }),
  loginSecondFactorPasskey: defineRoute({
    method: 'POST',
    path: '/api/auth/login/second-factor/passkey',
    auth: 'public',
    area,
    summary: 'WebAuthn request options for answering the second step with one of the account’s passkeys (the lu_signin cookie).',
    cache: 'no-store',
    responses: { 200: WebAuthnOptionsSchema },
    errors: ['SIGN_IN_EXPIRED', 'CONFLICT', 'RATE_LIMITED'],
  }),
  passkeyOptions: defineRoute({
    method: 'POST',
    path: '/api/auth/passkey/options',
    auth: 'public',
    area,
    summary: 'WebAuthn request options for signing in with a passkey alone; the challenge is bound to this browser (the lu_passkey cookie).',
    cache: 'no-store',
    responses: { 200: WebAuthnOptionsSchema },
    errors: ['RATE_LIMITED'],
  }),
  passkeyLogin: defineRoute({
    method: 'POST',
    path: '/api/auth/passkey',
    auth: 'public',
    area,
    summary: 'Signs in with a passkey alone (user verification required): its answer to this browser’s challenge.',
    request: { body: PasskeyLoginSchema },
    responses: { 200: SignInAnswerSchema },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'SIGN_IN_EXPIRED', 'ACCOUNT_DISABLED', 'RATE_LIMITED'],
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    auth: 'public',
    area,
    summary: 'Ends the session and clears its cookie.',
    responses: { 200: MessageSchema },
    errors: [],
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/login/forgot',
    auth: 'public',
    area,
    summary: 'Sends a password reset link (the same answer whether or not the address is known).',
    request: { body: EmailOnlySchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  checkResetToken: defineRoute({
    method: 'GET',
    path: '/api/auth/verify_password_token/:token',
    auth: 'public',
    area,
    summary: 'Whether a password reset link is still valid.',
    request: { params: TokenParamsSchema },
    responses: { 200: z.object({ valid: z.literal(true) }) },
    errors: ['VALIDATION_FAILED', 'TOKEN_INVALID'],
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/login/reset/:token',
    auth: 'public',
    area,
    summary: 'Sets a new password with a reset link.',
    request: { params: TokenParamsSchema, body: ResetPasswordPayloadSchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'TOKEN_INVALID'],
  }),
  notMe: defineRoute({
    method: 'POST',
    path: '/api/auth/not-me/:token',
    auth: 'public',
    area,
    summary:
      '"This was not me", from the link of a new-device email: every session of the account ends, its sales, transfers and payouts are locked until the password is reset, and a reset link is emailed.',
    request: { params: TokenParamsSchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'TOKEN_INVALID', 'RATE_LIMITED'],
  }),
} as const;
