import { NOTIFICATION_CATEGORIES, NOTIFICATION_CATEGORY_RULES as RULES, type EmailCategory, type InAppCategory } from '@landunits/domain';
import type { NotificationPreferences } from '@landunits/domain/contracts';
import type { Db } from '../../platform/db/client';
import { emailCategoriesOf } from '../newsletter';
import { inAppOf } from './store';

/** Each category × channel: the optional emails are the newsletter module's switches (the subscriptions page's). */
export async function preferencesOf(db: Db, userId: string): Promise<NotificationPreferences> {
  const [emails, inApp] = await Promise.all([emailCategoriesOf(db, userId), inAppOf(db, userId)]);
  const email: Record<string, boolean | null> = {};
  const app: Record<string, boolean | null> = {};
  for (const c of NOTIFICATION_CATEGORIES) {
    const rule = RULES[c];
    email[c] = rule.email === 'none' ? null : rule.email === 'always' ? true : emails[c as EmailCategory];
    app[c] = rule.inApp === 'none' ? null : rule.inApp === 'always' ? true : inApp[c as InAppCategory];
  }
  return { email, inApp: app };
}
