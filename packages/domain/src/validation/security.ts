import { z } from 'zod';

/**
 * Second factors (docs/decisions/0046, 0047): passkeys (WebAuthn), authenticator codes (TOTP,
 * RFC 6238) and recovery codes.
 * The messages are shown as they are by the API and the forms.
 */

export const SECURITY_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeWrong: 'That code is not right or has been used already. Wait for the next code and try again.',
  recoveryCodeRequired: 'Enter one of your recovery codes, for example abcd-efgh-jkmn-pqrs.',
  recoveryCodeWrong: 'That recovery code is not right or has been used already.',
  appOrRecoveryCodeRequired: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  appOrRecoveryCodeWrong: 'That code is not right or has been used already.',
  staffRemoveNeedsApp: 'Staff remove the authenticator app with a code from the app. If you no longer have it, ask an operator to reset it.',
  tooManyCodes: 'Too many wrong codes. Please enter your email and password again.',
  passwordRequired: 'Enter your current password.',
  passwordWrong: 'Your current password is not right.',
  signInExpired: 'Your sign-in has timed out. Please enter your email and password again.',
  setupExpired: 'The set-up has timed out. Start again to get a new code to scan.',
  totpAlreadySet: 'An authenticator app is already set up. Remove it first to set up another.',
  totpNotSet: 'No authenticator app is set up.',
  totpSet: 'Your authenticator app is set up. Keep your recovery codes somewhere safe.',
  totpRemoved: 'Your authenticator app has been removed. Your recovery codes no longer work.',
  recoveryCodesMade: 'New recovery codes are ready. The old ones no longer work.',
  /** 403 SECOND_FACTOR_REQUIRED on every admin route for a session that has not passed one. */
  adminSecondFactor: 'Administrators must sign in with a passkey or an authenticator app. Set one up under Security settings and use it to sign in.',
  /** "This was not me" from a new-device email (decision 0049). */
  notMeDone: 'You were signed out everywhere. Sales, transfers and payouts are locked until you reset your password: we have emailed you a link to do it.',
  notMeLinkInvalid: 'This link is not valid or has already been used. If someone else may be using your account, reset your password now.',
  passkeyNameRequired: 'Give the passkey a name, for example "Work laptop".',
  passkeyNameTooLong: 'Use at most 60 characters for the name.',
  passkeyAnswerUnreadable: 'The answer from your passkey could not be read. Please try again.',
  passkeyRefused: 'That passkey could not be confirmed. Please try again, or use another way to sign in.',
  passkeyUnknown: 'That passkey is not registered with Land Units. Sign in with your email and password.',
  passkeyExpired: 'The passkey request has timed out. Please try again.',
  passkeyDuplicate: 'That passkey is already registered to an account.',
  passkeyAdded: 'Your passkey has been added.',
  passkeyRenamed: 'Your passkey has been renamed.',
  passkeyRemoved: 'Your passkey has been removed.',
  passkeyNotFound: 'That passkey has already been removed.',
  passkeyLimit: 'You can register up to 10 passkeys. Remove one first.',
  staffChangeNeedsFactor: 'Staff change their passkeys and authenticator app only after signing in with one of them. If you no longer have any, ask an operator to reset them.',
  staffKeepSecondFactor: 'Staff keep a passkey or an authenticator app. Add another before removing this one.',
  sessionEnded: 'That session has been signed out.',
  sessionNotFound: 'That session has already ended.',
  otherSessionsEnded: 'Every other session has been signed out.',
} as const;

/** How a session passed its second step: recovery codes let a person in but grant no admin rights. */
export const SECOND_FACTOR_KINDS = ['totp', 'passkey', 'recovery'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/** Kinds of second step that grant an admin their permissions (a recovery code does not). */
export const ADMIN_SECOND_FACTORS: readonly SecondFactorKind[] = ['totp', 'passkey'];

/** Whether a session that passed `kind` (or none) may use an admin's permissions. */
export const grantsAdmin = (kind: SecondFactorKind | null | undefined): boolean => kind != null && ADMIN_SECOND_FACTORS.includes(kind);

export const MAX_PASSKEYS = 10;

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be mistaken for one another (no 0, 1, i, l, o). */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_LENGTH = 16;

/** Six digits; spaces are ignored (apps show "123 456"). */
export const TotpCodeSchema = z
  .string({ message: SECURITY_MESSAGES.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, SECURITY_MESSAGES.codeRequired));

/** Sixteen characters of the recovery alphabet; case, spaces and dashes are ignored. */
export const RecoveryCodeSchema = z
  .string({ message: SECURITY_MESSAGES.recoveryCodeRequired })
  .max(64, SECURITY_MESSAGES.recoveryCodeRequired)
  .transform((value) => value.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`), SECURITY_MESSAGES.recoveryCodeRequired));

/** A recovery code as shown: four groups of four. */
export const formatRecoveryCode = (code: string): string => code.match(/.{1,4}/g)!.join('-');

const CurrentPasswordSchema = z.string({ message: SECURITY_MESSAGES.passwordRequired }).min(1, SECURITY_MESSAGES.passwordRequired).max(255, SECURITY_MESSAGES.passwordRequired);

/**
 * What the browser's navigator.credentials answered (WebAuthn's JSON form, as @simplewebauthn/browser
 * gives it); the server checks every part of it. Bounded so no request carries megabytes.
 */
const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/);
export const PasskeyAnswerSchema = z.object(
  {
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal('public-key'),
    response: z.object({ clientDataJSON: base64url.min(1) }).catchall(z.union([base64url, z.array(z.string().max(32)).max(10), z.number().int()])),
    // Not read by the server; a few extension results at most.
    clientExtensionResults: z
      .record(z.string().max(64), z.unknown())
      .refine((results) => Object.keys(results).length <= 10, SECURITY_MESSAGES.passkeyAnswerUnreadable)
      .meta({ maxKeys: 10 })
      .default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  },
  { message: SECURITY_MESSAGES.passkeyAnswerUnreadable },
);
export type PasskeyAnswer = z.output<typeof PasskeyAnswerSchema>;

export const PasskeyNameSchema = z.string({ message: SECURITY_MESSAGES.passkeyNameRequired }).trim().min(1, SECURITY_MESSAGES.passkeyNameRequired).max(60, SECURITY_MESSAGES.passkeyNameTooLong);

/** The second step of a sign-in, after the password. */
export const SecondFactorLoginSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('totp'), code: TotpCodeSchema }),
    z.object({ method: z.literal('recovery'), code: RecoveryCodeSchema }),
    z.object({ method: z.literal('passkey'), answer: PasskeyAnswerSchema }),
  ],
  {
    message: 'Choose how to confirm it is you.',
  },
);
export type SecondFactorLoginValues = z.input<typeof SecondFactorLoginSchema>;

/** Confirms a new authenticator app with its first code and the account's password. */
export const TotpConfirmSchema = z.object({ code: TotpCodeSchema, password: CurrentPasswordSchema });
export type TotpConfirmValues = z.input<typeof TotpConfirmSchema>;

/** A code from the app, or a recovery code (someone who lost their phone removes the app with one). */
export const AppOrRecoveryCodeSchema = z
  .string({ message: SECURITY_MESSAGES.appOrRecoveryCodeRequired })
  .max(64, SECURITY_MESSAGES.appOrRecoveryCodeRequired)
  .transform((value) => value.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(new RegExp(`^(\\d{6}|[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}})$`), SECURITY_MESSAGES.appOrRecoveryCodeRequired));

/** Signing in with a passkey alone (it proves both who and that it is them: user verification is required). */
export const PasskeyLoginSchema = z.object({ answer: PasskeyAnswerSchema });

/** Registering a passkey: its name, the password, and the new credential. */
export const PasskeyRegisterSchema = z.object({ name: PasskeyNameSchema, password: CurrentPasswordSchema, answer: PasskeyAnswerSchema });
export type PasskeyRegisterValues = z.input<typeof PasskeyRegisterSchema>;

export const PasskeyRenameSchema = z.object({ name: PasskeyNameSchema });
export type PasskeyRenameValues = z.input<typeof PasskeyRenameSchema>;

/** Starting to add a passkey, and removing one: the password. */
export const PasskeyPasswordSchema = z.object({ password: CurrentPasswordSchema });
export type PasskeyPasswordValues = z.input<typeof PasskeyPasswordSchema>;

/** Removing the authenticator app or making new recovery codes: the password and a current code (or a recovery code). */
export const SecondFactorChangeSchema = z.object({ code: AppOrRecoveryCodeSchema, password: CurrentPasswordSchema });
export type SecondFactorChangeValues = z.input<typeof SecondFactorChangeSchema>;
