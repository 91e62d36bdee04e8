import { z } from 'zod';
import { MESSAGES, PasswordSchema } from './auth';

/**
 * Password change, email change and subscriptions (SPEC §5; PRODUCT-DECISIONS §9), with their
 * messages once for the API and the forms.
 */

export const ACCOUNT_MESSAGES = {
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 255 characters',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordRequired: 'Password is required',
  passwordsMatch: 'Passwords must match',
  confirmRequired: 'Confirm password is required',
  currentPasswordWrong: 'Your current password is not correct.',
  newPasswordSame: 'Choose a password different from your current one.',
  newEmailInvalid: 'Enter a valid email address.',
  newEmailSame: 'This is already your email address.',
} as const;

const A = ACCOUNT_MESSAGES;

/** SPEC §5 password change rule: 8–255 characters, an uppercase letter and a number. */
export const NewPasswordSchema = z
  .string({ message: A.passwordRequired })
  .min(1, A.passwordRequired)
  .min(8, A.passwordMin)
  .max(255, A.passwordMax)
  .regex(/\p{Lu}/u, A.passwordUppercase)
  .regex(/\p{N}/u, A.passwordNumber);

/**
 * POST /api/user/update_user_password. SPEC §5 names the same rule for the current password; it is
 * checked against the stored one instead, so a person whose password was set under the
 * registration rule (6 characters, a letter and a number) can still change it (docs/decisions).
 */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ message: A.passwordRequired }).min(1, A.passwordRequired).max(255, A.passwordMax),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string({ message: A.confirmRequired }).min(1, A.confirmRequired).min(8, A.passwordMin).max(255, A.passwordMax),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword && value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: A.passwordsMatch, path: ['confirmPassword'] });
    }
  });
export type ChangePasswordValues = z.input<typeof ChangePasswordSchema>;

/** Email change, step 1: the current password (SPEC §5 password verification: min 6, a letter and a number). */
export const VerifyPasswordForEmailChangeSchema = z.object({ password: PasswordSchema });

/** Email change, step 2: the new address ('Enter a valid email address.'). */
export const NewEmailSchema = z.object({
  newEmail: z
    .string({ message: A.newEmailInvalid })
    .trim()
    .min(1, A.newEmailInvalid)
    .max(255, MESSAGES.emailMax)
    .pipe(z.email(A.newEmailInvalid))
    .transform((email) => email.toLowerCase()),
});

/** The SPEC §4 email change steps, in order. */
export const EMAIL_CHANGE_STATUSES = [
  'PendingPasswordVerification',
  'PasswordVerified',
  'PendingNewEmailVerification',
  'VerifiedNewEmail',
  'DocumentsUploaded',
  'PendingAdminApproval',
  'CancelledByUser',
] as const;
export type EmailChangeStatus = (typeof EMAIL_CHANGE_STATUSES)[number];

/** Optional email categories (PRODUCT-DECISIONS §9); orders and security emails are always sent. */
export const EMAIL_CATEGORIES = ['productNews', 'governance', 'community'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];
export const EMAIL_CATEGORY_LABELS: Readonly<Record<EmailCategory | 'newsletter', { label: string; hint: string }>> = {
  newsletter: { label: 'Newsletter', hint: 'News about the land we manage and Land Units, about once a month.' },
  productNews: { label: 'Product news', hint: 'New features and offers.' },
  governance: { label: 'Governance', hint: 'New votes and their results.' },
  community: { label: 'Community', hint: 'Answers to my questions.' },
};

/** POST /api/user/manage-user-subscriptions: each optional email on or off. */
export const SubscriptionsSchema = z.object({
  newsletter: z.boolean(),
  productNews: z.boolean(),
  governance: z.boolean(),
  community: z.boolean(),
});
export type Subscriptions = z.output<typeof SubscriptionsSchema>;
