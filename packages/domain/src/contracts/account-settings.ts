import { z } from 'zod';
import { ChangePasswordSchema, EMAIL_CATEGORIES, SubscriptionsSchema } from '../validation/account-settings';
import { defineRoute, MessageSchema } from './contract';

/**
 * The person's account settings (SPEC §7; PRODUCT-DECISIONS §9): password change, which emails
 * they receive, and the one-click unsubscribe link every optional email carries (RFC 8058).
 */

const area = 'Account settings';

/** What can be turned off by an unsubscribe link: the newsletter or an optional email category. */
export const UNSUBSCRIBE_CATEGORIES = ['newsletter', ...EMAIL_CATEGORIES] as const;
export type UnsubscribeCategory = (typeof UNSUBSCRIBE_CATEGORIES)[number];

export const ACCOUNT_SETTINGS_ANSWERS = {
  passwordChanged: 'Your password was changed. Every other device where you were signed in has been signed out.',
  subscriptionsSaved: 'Your email preferences were saved.',
  unsubscribed: 'You are unsubscribed. You will not get these emails any more.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. You can choose which emails you receive in your settings.',
} as const;

/** The one-click unsubscribe route; the cross-site check lets it through (a mail client posts it). */
export const UNSUBSCRIBE_API_PATH = '/api/unsubscribe/:token';
/** Where an email's unsubscribe links point: the API (one click) and the page (token in the query). */
export const unsubscribeApiPath = (token: string) => `/api/unsubscribe/${token}`;
export const unsubscribePagePath = (token: string) => `/unsubscribe?token=${token}`;

/** The body of a save: every choice, nothing else. */
export const ManageSubscriptionsSchema = SubscriptionsSchema.strict();

export const SubscriptionsSavedSchema = SubscriptionsSchema.extend({ message: z.string() });

const UnsubscribeParamsSchema = z.object({ token: z.string().max(200) });

export const UnsubscribeTargetSchema = z.object({
  category: z.enum(UNSUBSCRIBE_CATEGORIES),
  /** The category's label (EMAIL_CATEGORY_LABELS). */
  label: z.string(),
});
export type UnsubscribeTarget = z.output<typeof UnsubscribeTargetSchema>;

export const ACCOUNT_SETTINGS_CONTRACTS = {
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/user/update_user_password',
    auth: 'user',
    area,
    summary: 'Changes the password (the current one is checked); every other session is signed out and the person is emailed.',
    request: { body: ChangePasswordSchema },
    responses: { 200: MessageSchema },
    errors: ['VALIDATION_FAILED', 'RATE_LIMITED'],
  }),
  subscriptions: defineRoute({
    method: 'GET',
    path: '/api/user/subscriptions',
    auth: 'user',
    area,
    summary: 'Which optional emails the person receives.',
    responses: { 200: SubscriptionsSchema },
    errors: [],
  }),
  manageSubscriptions: defineRoute({
    method: 'POST',
    path: '/api/user/manage-user-subscriptions',
    auth: 'user',
    area,
    summary: 'Turns the newsletter and each optional email category on or off.',
    request: { body: ManageSubscriptionsSchema },
    responses: { 200: SubscriptionsSavedSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  unsubscribeTarget: defineRoute({
    method: 'GET',
    path: UNSUBSCRIBE_API_PATH,
    auth: 'public',
    cache: 'no-store',
    area,
    summary: 'What an unsubscribe link turns off.',
    request: { params: UnsubscribeParamsSchema },
    responses: { 200: UnsubscribeTargetSchema },
    errors: ['TOKEN_INVALID'],
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: UNSUBSCRIBE_API_PATH,
    auth: 'public',
    cache: 'no-store',
    area,
    summary: 'One-click unsubscribe (RFC 8058): turns the link’s category off; no session needed, the signed token is the proof.',
    request: { params: UnsubscribeParamsSchema },
    responses: { 200: UnsubscribeTargetSchema.extend({ message: z.string() }) },
    errors: ['TOKEN_INVALID', 'RATE_LIMITED'],
  }),
};
