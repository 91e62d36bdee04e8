import {
  IN_APP_CATEGORIES,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_RULES as RULES,
  NOTIFICATION_MESSAGES as M,
  preferencesRefusal,
  type EmailCategory,
  type InAppCategory,
  type NotificationPreferencesInput,
} from '@landunits/domain';
import type { NotificationPreferences } from '@landunits/domain/contracts';
import { eq } from 'drizzle-orm';
import { MINUTE } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import type { Limit } from '../../platform/security/rate-limit';
import { emailCategoriesOf, setEmailCategories } from '../newsletter';
import { notificationPreferences as p } from './schema';

export const saveLimit = (userId: string): Limit => ({ key: `notifications:preferences:${userId}`, max: 30, windowMs: MINUTE });

type InApp = Record<InAppCategory, boolean>;
const ALL_ON: InApp = { orders: true, security: true, community: true, governance: true, chat: true };

async function inAppOf(db: Db, userId: string): Promise<InApp> {
  const [row] = await db.select().from(p).where(eq(p.userId, userId));
  if (!row) return { ...ALL_ON };
  return { orders: row.orders, security: row.security, community: row.community, governance: row.governance, chat: row.chat };
}

const isEmailCategory = (c: string): c is EmailCategory => RULES[c as keyof typeof RULES]?.email === 'switchable';

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

/** Saves switches; locked ones (money, security, chat emails) turned off are refused with a 400. */
export async function savePreferences(ctx: AppContext, userId: string, input: NotificationPreferencesInput): Promise<NotificationPreferences & { message: string }> {
  await ctx.limiter.hit(saveLimit(userId));
  const refusal = preferencesRefusal(input);
  if (refusal) throw new AppError('BAD_REQUEST', refusal);
  const saved = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const emails = Object.fromEntries(Object.entries(input.email).filter(([c, on]) => on !== undefined && isEmailCategory(c)));
    if (Object.keys(emails).length > 0) await setEmailCategories(tx, userId, emails, now);
    const changes = Object.fromEntries(IN_APP_CATEGORIES.filter((c) => input.inApp[c] !== undefined && RULES[c].inApp === 'switchable').map((c) => [c, input.inApp[c]]));
    if (Object.keys(changes).length > 0) {
      await tx
        .insert(p)
        .values({ userId, ...ALL_ON, ...changes, updatedAt: now })
        .onConflictDoUpdate({ target: p.userId, set: { ...changes, updatedAt: now } });
    }
    return preferencesOf(tx, userId);
  });
  return { ...saved, message: M.saved };
}
