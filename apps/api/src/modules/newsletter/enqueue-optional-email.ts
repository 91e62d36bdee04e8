import type { EmailCategory } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { withUnsubscribe, type EmailMessage } from '../../platform/mail/layout';
import { enqueueEmail } from '../../platform/mail/outbox';
import { findUserById } from '../users';
import { categoriesOf, confirmedSubscriberId, isNewsletterSubscribed } from './store';
import { unsubscribeFor, type UnsubscribeSubject } from './unsubscribe-tokens';

/**
 * What an optional email is about and to whom: a person's account for the categories, or the
 * newsletter for an account or a bare address (a reader without an account).
 */
export type OptionalEmail = { userId: string; category: EmailCategory | 'newsletter'; message: EmailMessage } | { email: string; category: 'newsletter'; message: EmailMessage };

/**
 * The one way to send an optional email (PRODUCT-DECISIONS §9): skipped when the person turned its
 * category off (or is not subscribed to the newsletter), otherwise queued in the caller's
 * transaction with its unsubscribe link and List-Unsubscribe headers. Answers whether it was queued.
 * Transactional emails (orders, security) use enqueueEmail directly and are always sent.
 */
export async function enqueueOptionalEmail(ctx: Pick<AppContext, 'clock' | 'config'>, tx: Db, email: OptionalEmail): Promise<boolean> {
  const subject = await subjectIfWanted(tx, email);
  if (!subject) return false;
  const message = withUnsubscribe(email.message, unsubscribeFor(ctx.config, { subject, category: email.category }));
  await enqueueEmail(ctx, tx, message);
  return true;
}

/** Who the unsubscribe link names, when the email is wanted at all. */
async function subjectIfWanted(tx: Db, email: OptionalEmail): Promise<UnsubscribeSubject | undefined> {
  if (!('userId' in email)) {
    const subscriberId = await confirmedSubscriberId(tx, email.email);
    return subscriberId === undefined ? undefined : { subscriberId };
  }
  const subject = { userId: email.userId };
  if (email.category !== 'newsletter') return (await categoriesOf(tx, email.userId))[email.category] ? subject : undefined;
  const user = await findUserById(tx, email.userId);
  return user && (await isNewsletterSubscribed(tx, user.email)) ? subject : undefined;
}
