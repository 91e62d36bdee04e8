import { z } from 'zod';

/**
 * Account forms and payloads with the exact messages of SPEC §5. The API parses with these; the
 * forms validate with the same objects, so a message lives here once.
 */

export const USER_TYPES = ['USER', 'BUSINESS'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const MESSAGES = {
  emailRequired: 'Email is Required',
  emailMin: 'Email must be at least 5 characters',
  emailMax: 'Email must be at most 255 characters',
  emailInvalid: 'Enter a valid email address.',
  firstNameRequired: 'First Name is Required',
  firstNameMin: 'First Name must be at least 2 characters',
  firstNameMax: 'First Name must be at most 50 characters',
  lastNameMax: 'Last Name must be at most 50 characters',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: 'Password must be at most 255 characters',
  passwordLetter: 'Password must contain at least one letter',
  passwordNumber: 'Password must contain at least one number',
  passwordsMatch: 'Passwords must match',
  confirmRequired: 'Please confirm your password',
  userTypeInvalid: 'Invalid user type',
  businessNameRequired: 'Business/ Government Name is required',
  businessNameMin: 'Business/ Government Name must be at least 2 characters',
  businessNameMax: 'Business/ Government Name must be at most 255 characters',
  tokenInvalid: 'This link is invalid or has expired.',
} as const;

/** Anything not a string (missing, null, a number) reads as the field's "required" message. */
const text = (required: string) => z.string({ message: required });

export const EmailSchema = text(MESSAGES.emailRequired)
  .trim()
  .min(1, MESSAGES.emailRequired)
  .min(5, MESSAGES.emailMin)
  .max(255, MESSAGES.emailMax)
  .pipe(z.email(MESSAGES.emailInvalid))
  .transform((email) => email.toLowerCase());

export const PasswordSchema = text(MESSAGES.passwordRequired)
  .min(1, MESSAGES.passwordRequired)
  .min(6, MESSAGES.passwordMin)
  .max(255, MESSAGES.passwordMax)
  .regex(/\p{L}/u, MESSAGES.passwordLetter)
  .regex(/\p{N}/u, MESSAGES.passwordNumber);

export const FirstNameSchema = text(MESSAGES.firstNameRequired).trim().min(1, MESSAGES.firstNameRequired).min(2, MESSAGES.firstNameMin).max(50, MESSAGES.firstNameMax);

export const LastNameSchema = z.string().trim().max(50, MESSAGES.lastNameMax);

export const BusinessNameSchema = text(MESSAGES.businessNameRequired).trim().min(1, MESSAGES.businessNameRequired).min(2, MESSAGES.businessNameMin).max(255, MESSAGES.businessNameMax);

export const UserTypeSchema = z.enum(USER_TYPES, { message: MESSAGES.userTypeInvalid });

/**
 * POST /api/user/register. businessName is dropped when blank; a non-blank one makes the account
 * a BUSINESS (SPEC §5), and a BUSINESS account needs one.
 */
export const RegisterPayloadSchema = z
  .object({
    email: EmailSchema,
    firstName: FirstNameSchema,
    lastName: LastNameSchema.optional(),
    password: PasswordSchema,
    businessName: z.string().max(255, MESSAGES.businessNameMax).optional(),
    userType: UserTypeSchema.default('USER'),
  })
  .transform((value, ctx) => {
    const businessName = value.businessName?.trim() || undefined;
    const userType: UserType = businessName ? 'BUSINESS' : value.userType;
    if (userType === 'BUSINESS') {
      const parsed = BusinessNameSchema.safeParse(businessName ?? '');
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['businessName'] });
        return z.NEVER;
      }
    }
    return {
      email: value.email,
      firstName: value.firstName,
      lastName: value.lastName || undefined,
      password: value.password,
      userType,
      ...(businessName ? { businessName } : {}),
    };
  });
export type RegisterPayload = z.output<typeof RegisterPayloadSchema>;

const confirmPassword = text(MESSAGES.confirmRequired).min(1, MESSAGES.confirmRequired).max(255, MESSAGES.passwordMax);

function passwordsMatch<T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.confirmPassword && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.passwordsMatch, path: ['confirmPassword'] });
  }
}

/** The general registration form (/register): businessName optional. */
export const RegisterFormSchema = z
  .object({
    email: EmailSchema,
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    businessName: z.string().trim().max(255, MESSAGES.businessNameMax),
    password: PasswordSchema,
    confirmPassword,
  })
  .superRefine(passwordsMatch);
export type RegisterFormValues = z.input<typeof RegisterFormSchema>;

/** The business registration form (/business-register): businessName required. */
export const BusinessRegisterFormSchema = z
  .object({
    businessName: BusinessNameSchema,
    email: EmailSchema,
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    password: PasswordSchema,
    confirmPassword,
  })
  .superRefine(passwordsMatch);
export type BusinessRegisterFormValues = z.input<typeof BusinessRegisterFormSchema>;

/** What a registration form sends: confirmPassword never leaves the browser (SPEC §3). */
export function toRegisterPayload(
  form: { email: string; firstName: string; lastName: string; password: string; businessName?: string },
  userType: UserType,
): { email: string; firstName: string; lastName: string; password: string; userType: UserType; businessName?: string } {
  const businessName = form.businessName?.trim();
  return {
    email: form.email.trim(),
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    password: form.password,
    userType: businessName ? 'BUSINESS' : userType,
    ...(businessName ? { businessName } : {}),
  };
}

export const EmailOnlySchema = z.object({ email: EmailSchema });

/** Login takes any non-empty password: the rules apply when one is chosen, not when it is typed. */
export const LoginSchema = z.object({
  email: EmailSchema,
  password: text(MESSAGES.passwordRequired).min(1, MESSAGES.passwordRequired).max(255, MESSAGES.passwordMax),
});
export type LoginValues = z.input<typeof LoginSchema>;

export const ResetPasswordPayloadSchema = z.object({ password: PasswordSchema });
export const ResetPasswordFormSchema = z.object({ password: PasswordSchema, confirmPassword }).superRefine(passwordsMatch);
export type ResetPasswordFormValues = z.input<typeof ResetPasswordFormSchema>;

/** A token as it appears in a link: 43 base64url characters (256 bits). */
export const TokenSchema = z.string({ message: MESSAGES.tokenInvalid }).regex(/^[A-Za-z0-9_-]{43}$/, MESSAGES.tokenInvalid);

/** At most this many UTM parameters travel with a request (the web app sends the six it knows). */
export const MAX_UTM_PARAMS = 20;

/**
 * SPEC §3 marketing tracking payload, stored with the order or the account: every field bounded;
 * fields it does not know are dropped (never stored).
 */
export const HubspotMetaSchema = z.object({
  hutk: z.string().max(200).optional(),
  pageUri: z.string().max(2000).optional(),
  pageName: z.string().max(300).optional(),
  utmParams: z
    .record(z.string().max(40), z.string().max(200))
    .refine((params) => Object.keys(params).length <= MAX_UTM_PARAMS, `Send at most ${MAX_UTM_PARAMS} UTM parameters.`)
    .meta({ maxKeys: MAX_UTM_PARAMS })
    .optional(),
});
export type HubspotMeta = z.output<typeof HubspotMetaSchema>;

export const ConfirmationPayloadSchema = z.object({
  token: TokenSchema,
  hubspotMetaData: HubspotMetaSchema.optional(),
});

/** Fixed answers: the same whatever the account's state, so nobody learns who has an account. */
export const AUTH_ANSWERS = {
  registered: 'Registration successful. Please check your email to activate your account.',
  confirmationSent: 'If that address is waiting for activation, we have sent a new confirmation email.',
  registrationCancelled: 'Your registration has been reset. You can register again.',
  forgotSent: 'If an account exists for that address, we have sent a link to reset your password.',
  passwordReset: 'Your password has been changed. Please log in with your new password.',
  loggedOut: 'You have been logged out.',
  invalidLogin: 'Invalid email or password',
  unverified: 'Please verify your email address first',
  /** Only after the right password: an admin disabled the account (PRODUCT-DECISIONS §12). */
  disabled: 'This account has been disabled. Please contact us if you think this is a mistake.',
  tooMany: 'Too many attempts. Please wait and try again.',
  crossSite: 'This request came from another site and was refused.',
  signedOut: 'Please log in to continue.',
  confirmed: 'Your email address is confirmed. Welcome to Land Units.',
} as const;

export const ACTIVATION_NOTICE = 'You have 12 hours to activate your account. It can take up to 15 minutes to receive our email.';
