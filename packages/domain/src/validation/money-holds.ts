import { formatMoment } from '../format/format';

/**
 * Cooling-off after a security change (docs/decisions/0049-cooling-off.md): for 48 hours after a
 * password reset, an email change, new bank details or the removal of a second factor, a person's
 * sales, transfers and payouts wait. Someone who took over the account and changed one of these
 * cannot move the money out before the owner notices the email that says so. A person who says a
 * new sign-in was not them ("This was not me" in its email) locks them until they reset the password.
 */

export const MONEY_HOLD_REASONS = ['bank-details', 'password-reset', 'email-change', 'second-factor-removed', 'not-me'] as const;
export type MoneyHoldReason = (typeof MONEY_HOLD_REASONS)[number];

/** How long sales, transfers and payouts wait after the change. */
export const MONEY_HOLD_MS = 48 * 60 * 60 * 1000;

/** Said before a change that starts the hold (removing a second factor), so it is no surprise. */
export const MONEY_HOLD_WARNING = 'Your sales, transfers and payouts will then wait 48 hours, in case it was not you.';

/** What changed, as the person and the admins read it. */
export const MONEY_HOLD_CAUSES: Record<MoneyHoldReason, string> = {
  'bank-details': 'your bank details changed',
  'password-reset': 'your password was reset',
  'email-change': 'your email address changed',
  'second-factor-removed': 'a second factor was removed from your account',
  'not-me': 'you told us a new sign-in was not you',
};

/** The same causes, of someone else (an admin's view of the person). */
export const MONEY_HOLD_CAUSES_OF_PERSON: Record<MoneyHoldReason, string> = {
  'bank-details': 'their bank details changed',
  'password-reset': 'their password was reset',
  'email-change': 'their email address changed',
  'second-factor-removed': 'a second factor was removed from their account',
  'not-me': 'they told us a new sign-in was not them',
};

/** A lock that lasts until the password is reset rather than a set time ('not-me'). */
export const untilPasswordReset = (reason: MoneyHoldReason): boolean => reason === 'not-me';

/** Why, and until when, the person's sales and transfers wait; `until` as the caller shows moments. */
export function moneyHoldMessage(reason: MoneyHoldReason, until: string): string {
  if (untilPasswordReset(reason)) return `Sales and transfers are locked until you reset your password, because ${MONEY_HOLD_CAUSES[reason]}.`;
  return `Sales and transfers are paused until ${until} because ${MONEY_HOLD_CAUSES[reason]}. This protects your Units if someone else made the change.`;
}

/** The same, as staff read it on the person's page. */
export function moneyHoldStaffMessage(reason: MoneyHoldReason, until: string): string {
  if (untilPasswordReset(reason)) return `This person's sales, transfers and payouts are locked until they reset their password, because ${MONEY_HOLD_CAUSES_OF_PERSON[reason]}.`;
  return `This person's sales, transfers and payouts are held until ${until} because ${MONEY_HOLD_CAUSES_OF_PERSON[reason]}.`;
}

/** An admin's refusal to pay out to a person whose cooling-off still runs. */
export function payoutHeldMessage(reason: MoneyHoldReason, until: string): string {
  if (untilPasswordReset(reason)) return `Payouts to this person are held until they reset their password, because ${MONEY_HOLD_CAUSES_OF_PERSON[reason]}.`;
  return `Payouts to this person are held until ${until} because ${MONEY_HOLD_CAUSES_OF_PERSON[reason]}.`;
}

/** The line of the change's email that says the hold started and when it ends. */
export const moneyHoldEmailLine = (until: Date): string => `To protect your Units, sales and transfers are paused until ${formatMoment(until)}.`;
