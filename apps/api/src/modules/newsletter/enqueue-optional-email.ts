import type { EmailCategory } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { withUnsubscribe, type EmailMessage } from '../../platform/mail/layout';
import { enqueueEmail } from '../../platform/mail/outbox';
import { findUserById } from '../users';
import { categoriesOf, isNewsletterSubscribed } from './preferences';
import { unsubscribeFor } from './unsubscribe-tokens';

/**
 * What an optional email is about and to whom: a person's account for the categories, or the
 * newsletter for an account or a bare address (a reader without an account).
 */
export type OptionalEmail =
  | { userId: string; category: EmailCategory | 'newsletter'; message: EmailMessage }
  | { email: string; category: 'newsletter'; message: EmailMessage };

/**
 * The one way to send an optional email (PRODUCT-DECISIONS §9): skipped when the person turned its
 * category off (or is not subscribed to the newsletter), otherwise queued in the caller's
 * transaction with its unsubscribe link and List-Unsubscribe headers. Answers whether it was queued.
 * Transactional emails (orders, security) use enqueueEmail directly and are always sent.
 */
export async function enqueueOptionalEmail(ctx: Pick<AppContext, 'clock' | 'config'>, tx: Db, email: OptionalEmail): Promise<boolean> {
  if (!(await wantsEmail(tx, email))) return false;
  const subject = 'userId' in email ? { userId: email.userId } : { email: email.email };
  const message = withUnsubscribe(email.message, unsubscribeFor(ctx.config, { subject, category: email.category }));
  await enqueueEmail(ctx, tx, message);
  return true;
}

async function wantsEmail(tx: Db, email: OptionalEmail): Promise<boolean> {
  if (!('userId' in email)) return isNewsletterSubscribed(tx, email.email);
  if (email.category !== 'newsletter') return (await categoriesOf(tx, email.userId))[email.category];
  const user = await findUserById(tx, email.userId);
  return user !== undefined && (await isNewsletterSubscribed(tx, user.email));
}
