import { z } from 'zod';
import { PasskeyRegisterSchema, PasskeyPasswordSchema, PasskeyRenameSchema, SECOND_FACTOR_KINDS, SecondFactorChangeSchema, TotpConfirmSchema } from '../validation/security';
import { MONEY_HOLD_REASONS } from '../validation/money-holds';
import { MoneySafeguardsSchema, STEP_UP_METHODS, StepUpOptionsRequestSchema, StepUpSchema, TransferLimitSchema } from '../validation/step-up';
import { defineRoute, IsoDateTime, MessageSchema } from './contract';

/** The person's own security: passkeys, authenticator app, recovery codes and sessions (the sign-in steps are in ./auth). */

const area = 'Security';
/** A passkey's or a session's id: the server answers 404 NOT_FOUND for anything but one of the person's own, a malformed id included. */
const IdParamsSchema = z.object({ id: z.string() });

/** The password was right and the account has a second factor: the web app asks for it next. */
export const SecondFactorNeededSchema = z.object({
  secondFactor: z.object({ methods: z.array(z.enum(SECOND_FACTOR_KINDS)) }),
});
export type SecondFactorNeeded = z.output<typeof SecondFactorNeededSchema>;

export const SessionViewSchema = z.object({
  id: z.string(),
  /** The session of the request itself. */
  current: z.boolean(),
  /** "Chrome on macOS", or "Unknown device" when the browser did not say. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  /** How it passed its second step, when it did. */
  secondFactor: z.enum(SECOND_FACTOR_KINDS).nullable(),
});
export type SessionView = z.output<typeof SessionViewSchema>;

export const PasskeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Backed up to a password manager or platform account: it works on the person's other devices too. */
  synced: z.boolean(),
});
export type PasskeyView = z.output<typeof PasskeyViewSchema>;

/**
 * WebAuthn options (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON) as
 * @simplewebauthn/browser takes them; their shape is WebAuthn's, checked by the library.
 */
export const WebAuthnOptionsSchema = z.object({ challenge: z.string() }).catchall(z.unknown());
export type WebAuthnOptions = z.output<typeof WebAuthnOptionsSchema>;

/** The cooling-off running after a security change (decision 0049): what changed and until when money waits. */
export const MoneyHoldSchema = z.object({
  reason: z.enum(MONEY_HOLD_REASONS),
  startedAt: IsoDateTime,
  until: IsoDateTime,
});
export type MoneyHold = z.output<typeof MoneyHoldSchema>;

export const SecurityOverviewSchema = z.object({
  totp: z.object({ enabled: z.boolean(), enabledAt: z.string().nullable() }),
  passkeys: z.array(PasskeyViewSchema),
  /** Unused recovery codes left, or null when none were ever made (no second factor). */
  recoveryCodesLeft: z.number().int().nullable(),
  /** An admin's permissions wait for a session that passed a passkey or an authenticator code. */
  adminNeedsSecondFactor: z.boolean(),
  sessions: z.array(SessionViewSchema),
  /** Sales, transfers and payouts wait until then; null when no cooling-off runs. */
  moneyHold: MoneyHoldSchema.nullable(),
  /** Transfers of more Units than this ask for a step-up (decision 0050). */
  stepUpTransfersAbove: z.number().int(),
  /**
   * The person's daily transfer limit (null: none), and a raise or removal waiting its 24 hours
   * (`raise.units` null: the limit is being removed).
   */
  dailyTransferLimit: z.object({
    units: z.number().int().nullable(),
    raise: z.object({ units: z.number().int().nullable(), from: IsoDateTime }).nullable(),
  }),
});
export type SecurityOverview = z.output<typeof SecurityOverviewSchema>;

export const TotpSetupSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code. */
  qrCodeSvg: z.string(),
});
export type TotpSetup = z.output<typeof TotpSetupSchema>;

export const PasskeyAddedSchema = z.object({
  message: z.string(),
  passkey: z.object({ id: z.string(), name: z.string() }),
  /** The ten recovery codes when this was the person's first second factor (shown once), else null. */
  recoveryCodes: z.array(z.string()).nullable(),
});
export type PasskeyAdded = z.output<typeof PasskeyAddedSchema>;

export const RecoveryCodesAnswerSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.output<typeof RecoveryCodesAnswerSchema>;

/** How the person can confirm it is them for an action, with a passkey request bound to this session and action when they have passkeys. */
export const StepUpOptionsSchema = z.object({
  methods: z.array(z.enum(STEP_UP_METHODS)),
  passkey: WebAuthnOptionsSchema.nullable(),
});
export type StepUpOptions = z.output<typeof StepUpOptionsSchema>;

export const StepUpDoneSchema = z.object({
  message: z.string(),
  /** The proof waits this long for its action. */
  expiresAt: IsoDateTime,
});
export type StepUpDone = z.output<typeof StepUpDoneSchema>;

export const SECURITY_CONTRACTS = {
  overview: defineRoute({
    method: 'GET',
    path: '/api/user/security',
    auth: 'user',
    area,
    summary: "The person's second factors and open sessions.",
    responses: { 200: SecurityOverviewSchema },
    errors: [],
  }),
  totpSetup: defineRoute({
    method: 'POST',
    path: '/api/user/security/totp/setup',
    auth: 'user',
    area,
    summary: 'Starts setting up an authenticator app: a new secret and its QR code, confirmed by the next call.',
    responses: { 200: TotpSetupSchema },
    errors: ['CONFLICT', 'RATE_LIMITED', 'STEP_UP_REQUIRED'],
  }),
  totpConfirm: defineRoute({
    method: 'POST',
    path: '/api/user/security/totp',
    auth: 'user',
    area,
    summary: 'Confirms the authenticator app with its first code and the password; answers the ten recovery codes, shown once.',
    request: { body: TotpConfirmSchema },
    responses: { 200: RecoveryCodesAnswerSchema },
    errors: ['VALIDATION_FAILED', 'CONFLICT', 'RATE_LIMITED', 'SECOND_FACTOR_REQUIRED', 'STEP_UP_REQUIRED'],
  }),
  totpRemove: defineRoute({
    method: 'POST',
    path: '/api/user/security/totp/remove',
    auth: 'user',
    area,
    summary: 'Removes the authenticator app (password and a current code); the recovery codes go with it.',
    request: { body: SecondFactorChangeSchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'CONFLICT', 'RATE_LIMITED'],
  }),
  recoveryCodes: defineRoute({
    method: 'POST',
    path: '/api/user/security/recovery-codes',
    auth: 'user',
    area,
    summary: 'Replaces the recovery codes with ten new ones (password and a current code), shown once.',
    request: { body: SecondFactorChangeSchema },
    responses: { 200: RecoveryCodesAnswerSchema },
    errors: ['VALIDATION_FAILED', 'CONFLICT', 'RATE_LIMITED'],
  }),
  passkeyOptions: defineRoute({
    method: 'POST',
    path: '/api/user/security/passkeys/options',
    auth: 'user',
    area,
    summary: 'Starts registering a passkey with the password (checked before the browser is asked): WebAuthn creation options whose challenge is bound to this session.',
    request: { body: PasskeyPasswordSchema },
    responses: { 200: WebAuthnOptionsSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED', 'SECOND_FACTOR_REQUIRED', 'STEP_UP_REQUIRED'],
  }),
  passkeyRegister: defineRoute({
    method: 'POST',
    path: '/api/user/security/passkeys',
    auth: 'user',
    area,
    summary: 'Registers the passkey the browser made (with its name and the password); the first second factor also answers ten recovery codes.',
    request: { body: PasskeyRegisterSchema },
    responses: { 200: PasskeyAddedSchema },
    errors: ['VALIDATION_FAILED', 'CONFLICT', 'RATE_LIMITED', 'SECOND_FACTOR_REQUIRED', 'STEP_UP_REQUIRED'],
  }),
  passkeyRename: defineRoute({
    method: 'PATCH',
    path: '/api/user/security/passkeys/:id',
    auth: 'user',
    area,
    summary: 'Renames one of the person’s passkeys.',
    request: { params: IdParamsSchema, body: PasskeyRenameSchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  passkeyRemove: defineRoute({
    method: 'POST',
    path: '/api/user/security/passkeys/:id/remove',
    auth: 'user',
    area,
    summary: 'Removes one of the person’s passkeys (with the password); staff keep at least one passkey or authenticator app.',
    request: { params: IdParamsSchema, body: PasskeyPasswordSchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'SECOND_FACTOR_REQUIRED', 'STEP_UP_REQUIRED'],
  }),
  stepUpOptions: defineRoute({
    method: 'POST',
    path: '/api/user/security/step-up/options',
    auth: 'user',
    area,
    summary: 'The ways this person can confirm it is them before an action (step-up), with a passkey request bound to this session and action.',
    request: { body: StepUpOptionsRequestSchema },
    responses: { 200: StepUpOptionsSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  stepUp: defineRoute({
    method: 'POST',
    path: '/api/user/security/step-up',
    auth: 'user',
    area,
    summary: 'Confirms it is the person (a passkey, an authenticator or recovery code, or the password when neither is set up) for one kind of action, for five minutes.',
    request: { body: StepUpSchema },
    responses: { 200: StepUpDoneSchema },
    errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'CONFLICT', 'RATE_LIMITED'],
  }),
  safeguards: defineRoute({
    method: 'PUT',
    path: '/api/user/security/safeguards',
    auth: 'user',
    area,
    summary: 'Sets the number of Units above which a transfer asks for a step-up: lowered at once, raised after a step-up.',
    request: { body: MoneySafeguardsSchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'STEP_UP_REQUIRED'],
  }),
  transferLimit: defineRoute({
    method: 'PUT',
    path: '/api/user/security/transfer-limit',
    auth: 'user',
    area,
    summary:
      'Sets the daily transfer limit (Units transferred or scheduled in any 24 hours; null for none): a lower one applies at once, a higher one or none asks for a step-up and applies 24 hours later.',
    request: { body: TransferLimitSchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'STEP_UP_REQUIRED'],
  }),
  endSession: defineRoute({
    method: 'DELETE',
    path: '/api/user/security/sessions/:id',
    auth: 'user',
    area,
    summary: 'Signs one of the person’s other sessions out.',
    request: { params: IdParamsSchema },
    responses: { 200: MessageSchema },
    errors: ['NOT_FOUND'],
  }),
  endOtherSessions: defineRoute({
    method: 'POST',
    path: '/api/user/security/sessions/sign-out-others',
    auth: 'user',
    area,
    summary: 'Signs out every session of the person but this one.',
    responses: { 200: z.object({ message: z.string(), ended: z.number().int() }) },
    errors: [],
  }),
} as const;
