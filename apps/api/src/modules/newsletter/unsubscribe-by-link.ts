import { ACCOUNT_SETTINGS_ANSWERS, type UnsubscribeTarget } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { inTransaction } from '../../platform/db/transaction';
import { findUserById } from '../users';
import { newsletterLimits } from './limits';
import { invalidLink, targetOf } from './show-unsubscribe-target';
import { removeSubscriber, setCategories, setNewsletter } from './store';
import { verifyUnsubscribeToken } from './unsubscribe-tokens';

/**
 * One-click unsubscribe (RFC 8058): turns the link's category off. Doing it again answers the same,
 * and an account that no longer exists has nothing left to turn off.
 */
export async function unsubscribe(ctx: AppContext, token: string, ip: string): Promise<UnsubscribeTarget & { message: string }> {
  // Mail providers post these for many people from a few addresses: a valid (unforgeable) link is
  // never limited; only bad links count against the address.
  const claim = verifyUnsubscribeToken(ctx.config.linkSigningSecret, token);
  if (!claim) {
    await ctx.limiter.hit(newsletterLimits.unsubscribe(ip));
    throw invalidLink();
  }
  await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const { subject, category } = claim;
    if ('subscriberId' in subject) {
      await removeSubscriber(tx, subject.subscriberId, now);
      return;
    }
    const user = await findUserById(tx, subject.userId);
    if (!user) return;
    if (category === 'newsletter') await setNewsletter(tx, user.email, false, now);
    else await setCategories(tx, user.id, { [category]: false }, now);
  });
  return { ...targetOf(claim), message: ACCOUNT_SETTINGS_ANSWERS.unsubscribed };
}
