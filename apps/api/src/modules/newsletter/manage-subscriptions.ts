import { ACCOUNT_SETTINGS_ANSWERS } from '@landunits/domain/contracts';
import type { Subscriptions } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { subscriptionsOf } from './show-subscriptions';
import { setCategories, setNewsletter } from './store';

/** Saves which optional emails a person receives and answers what is now saved. */
export async function manageSubscriptions(ctx: AppContext, user: { id: string; email: string }, wanted: Subscriptions): Promise<Subscriptions & { message: string }> {
  const saved = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const { newsletter, ...categories } = wanted;
    await setCategories(tx, user.id, categories, now);
    await setNewsletter(tx, user.email, newsletter, now);
    return subscriptionsOf(tx, user);
  });
  return { ...saved, message: ACCOUNT_SETTINGS_ANSWERS.subscriptionsSaved };
}
