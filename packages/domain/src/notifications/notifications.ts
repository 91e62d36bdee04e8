import { z } from 'zod';

/**
 * Notifications people control (decision 0030): what the site tells a person, by category, by
 * email and in the in-app notification centre. Emails about money (orders, payments, payouts,
 * transfers) and the account's security are always sent; so is the email of unseen chat replies
 * (it is part of the conversation). The optional email categories are those of PRODUCT-DECISIONS
 * §9, kept by the newsletter module (email_preferences): this file only names them.
 */
export const NOTIFICATION_CATEGORIES = ['orders', 'security', 'community', 'governance', 'chat', 'productNews'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** Categories that can appear in the notification centre (product news is email only). */
export const IN_APP_CATEGORIES = ['orders', 'security', 'community', 'governance', 'chat'] as const;
export type InAppCategory = (typeof IN_APP_CATEGORIES)[number];

/** How a channel behaves for a category: a switch, always on, or not used at all. */
export type ChannelRule = 'switchable' | 'always' | 'none';

export interface CategoryRule {
  label: string;
  hint: string;
  email: ChannelRule;
  inApp: ChannelRule;
  /** Why the email cannot be turned off, shown next to the locked switch. */
  lockedNote?: string;
}

const MONEY_OR_SECURITY = 'Always sent: it concerns your money or your account’s security';

export const NOTIFICATION_CATEGORY_RULES: Readonly<Record<NotificationCategory, CategoryRule>> = {
  orders: { label: 'Orders and payments', hint: 'Orders, payments, payouts and transfers.', email: 'always', inApp: 'switchable', lockedNote: MONEY_OR_SECURITY },
  security: { label: 'Security', hint: 'Password and email address changes, and your profile and bank verification.', email: 'always', inApp: 'switchable', lockedNote: MONEY_OR_SECURITY },
  community: { label: 'Community', hint: 'Answers to my questions.', email: 'switchable', inApp: 'switchable' },
  governance: { label: 'Governance', hint: 'New votes and their results.', email: 'switchable', inApp: 'switchable' },
  chat: { label: 'Chat', hint: 'Replies from the sales team.', email: 'always', inApp: 'switchable', lockedNote: 'Always sent: replies you have not seen yet are part of the conversation' },
  productNews: { label: 'Product news', hint: 'New features and offers.', email: 'switchable', inApp: 'none' },
};

export const NOTIFICATION_MESSAGES = {
  notFound: 'This notification was not found.',
  markedRead: 'Marked as read.',
  allMarkedRead: 'All notifications are marked as read.',
  saved: 'Your notification settings are saved.',
  lockedEmail: 'Emails about your money, your account’s security and chat replies are always sent: they cannot be turned off.',
  noChannel: 'This category has no notifications on that channel.',
} as const;

/** One channel's switches; categories left out keep their setting. */
const channel = (categories: readonly NotificationCategory[]) =>
  z.object(Object.fromEntries(categories.map((c) => [c, z.boolean().optional()])) as Record<NotificationCategory, z.ZodOptional<z.ZodBoolean>>).strict();

/** PUT /api/notifications/preferences. */
export const NotificationPreferencesInputSchema = /* @__PURE__ */ z.object({ email: channel(NOTIFICATION_CATEGORIES).default({}), inApp: channel(NOTIFICATION_CATEGORIES).default({}) }).strict();
export type NotificationPreferencesInput = z.output<typeof NotificationPreferencesInputSchema>;

/** GET /api/notifications: newest first, 20 at a time; `before` is the last id of the page seen. */
export const NotificationsQuerySchema = /* @__PURE__ */ z
  .object({
    before: z.coerce.number().int().min(1).optional(),
    unread: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type NotificationsQuery = z.output<typeof NotificationsQuerySchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The refusal, if any, of a change of preferences: a locked switch turned off, or a channel the category does not use. */
export function preferencesRefusal(input: NotificationPreferencesInput): string | undefined {
  for (const key of ['email', 'inApp'] as const) {
    for (const [category, on] of Object.entries(input[key])) {
      if (on === undefined) continue;
      const rule = NOTIFICATION_CATEGORY_RULES[category as NotificationCategory][key];
      if (rule === 'none') return NOTIFICATION_MESSAGES.noChannel;
      if (rule === 'always' && !on) return NOTIFICATION_MESSAGES.lockedEmail;
    }
  }
  return undefined;
}
