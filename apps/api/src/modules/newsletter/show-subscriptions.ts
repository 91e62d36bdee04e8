import type { Subscriptions } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { categoriesOf, isNewsletterSubscribed } from './store';

export async function subscriptionsOf(db: Db, user: { id: string; email: string }): Promise<Subscriptions> {
  const [categories, newsletter] = await Promise.all([categoriesOf(db, user.id), isNewsletterSubscribed(db, user.email)]);
  return { newsletter, ...categories };
}
