import { IN_APP_CATEGORIES, NOTIFICATION_CATEGORY_RULES as RULES, NOTIFICATION_MESSAGES as M, preferencesRefusal, type EmailCategory, type NotificationPreferencesInput } from '@landunits/domain';
import type { NotificationPreferences } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { setEmailCategories } from '../newsletter';
import { saveLimit } from './limits';
import { notificationPreferences as p } from './schema';
import { preferencesOf } from './show-preferences';
import { ALL_ON } from './store';

const isEmailCategory = (c: string): c is EmailCategory => RULES[c as keyof typeof RULES]?.email === 'switchable';

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
