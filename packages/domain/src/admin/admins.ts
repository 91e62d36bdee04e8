import { z } from 'zod';
import { ACCOUNT_MESSAGES, NewPasswordSchema } from '../validation/account-settings';
import { EmailSchema, FirstNameSchema, LastNameSchema } from '../validation/auth';
import { ADMIN_ROLES, type AdminRole } from './permissions';

/**
 * Managing admins (PRODUCT-DECISIONS §12, permission `admins.manage`): the owner invites an admin
 * by email with a role, changes roles and removes admins. The invited person opens the emailed
 * link and chooses a name and password. Messages live here once for the API and the forms.
 */

export const ADMIN_ROLE_LABELS: Readonly<Record<AdminRole, string>> = {
  OWNER: 'Owner',
  COMPLIANCE: 'Compliance',
  FINANCE: 'Finance',
  SUPPORT: 'Support',
};

/** What each role is for, in the words the invitation dialog shows. */
export const ADMIN_ROLE_HINTS: Readonly<Record<AdminRole, string>> = {
  OWNER: 'Everything, including admins and the audit log.',
  COMPLIANCE: 'Verifications, email changes and agent applications.',
  FINANCE: 'Payments, payouts, money settings and reference codes.',
  SUPPORT: 'People’s accounts (read-only), contact messages, chat and the community.',
};

/** An invitation link works once, for this long. */
export const INVITATION_LIFETIME_HOURS = 72;

export const ADMINS_MESSAGES = {
  roleRequired: 'Choose a role.',
  invited: 'The invitation was sent.',
  reinvited: 'A new invitation was sent; the earlier link no longer works.',
  alreadyAdmin: 'This person is already an admin. Change their role in the list instead.',
  customerAccount: 'This email address belongs to a customer account. Admins sign in with an account of their own: invite a different address.',
  notFound: 'This admin was not found.',
  ownRole: 'You cannot change your own role. Another owner can.',
  removeSelf: 'You cannot remove yourself. Another owner can.',
  lastOwner: 'This is the last owner: make another admin an owner first.',
  roleChanged: 'The role was changed.',
  roleUnchanged: 'This admin already has that role.',
  removed: 'The admin was removed and signed out everywhere.',
  invitationCancelled: 'The invitation was cancelled.',
  accepted: 'Welcome to the administration. You are signed in.',
} as const;

/** POST /api/admin/admins/invite. */
export const InviteAdminSchema = z.object({
  email: EmailSchema,
  role: z.enum(ADMIN_ROLES, { message: ADMINS_MESSAGES.roleRequired }),
});
export type InviteAdminValues = z.input<typeof InviteAdminSchema>;

/** POST /api/admin/admins/:id/role. */
export const ChangeAdminRoleSchema = z.object({ role: z.enum(ADMIN_ROLES, { message: ADMINS_MESSAGES.roleRequired }) });

/**
 * POST /api/auth/admin-invitation/:token: the invited admin's name and password. Admins choose
 * their password under the stronger of the SPEC's two rules (the password change rule: 8
 * characters, an uppercase letter and a number).
 */
export const AcceptInvitationSchema = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema.optional(),
  password: NewPasswordSchema,
});

/** The acceptance form: the same fields and the password typed twice. */
export const AcceptInvitationFormSchema = z
  .object({
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string({ message: ACCOUNT_MESSAGES.confirmRequired }).min(1, ACCOUNT_MESSAGES.confirmRequired).max(255, ACCOUNT_MESSAGES.passwordMax),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword && value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.passwordsMatch, path: ['confirmPassword'] });
    }
  });
export type AcceptInvitationFormValues = z.input<typeof AcceptInvitationFormSchema>;
