import { NEWSLETTER_MESSAGES } from '@landunits/domain';
import { isNotNull, isNull, or } from 'drizzle-orm';
import { HOUR } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { newsletterSubscribers } from './schema';
import { inTransaction } from '../../platform/db/transaction';
import { enqueueEmail } from '../../platform/mail/outbox';
import { newsletterAlreadySubscribedEmail, newsletterConfirmEmail } from './emails';
import { newToken } from '../../platform/security/tokens';
import { newsletterLimits } from './limits';

export const NEWSLETTER_TOKEN_LIFETIME_MS = 48 * HOUR;

export const confirmLink = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/subscribe/confirm?token=${token}`;

/**
 * Double opt-in. A new or still unconfirmed address gets a fresh link (only its hash is stored, and
 * it replaces any earlier one); a confirmed address gets a short "already subscribed" email instead.
 * The answer is the same in every case, so nobody learns who is subscribed except the address's
 * owner, by email.
 */
export async function subscribe(ctx: AppContext, email: string, ip: string): Promise<{ message: string }> {
  await ctx.limiter.hit(...newsletterLimits.subscribe(ip, email));
  await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const { token, hash } = newToken();
    const tokenExpiresAt = new Date(now.getTime() + NEWSLETTER_TOKEN_LIFETIME_MS);
    // One statement: concurrent subscriptions of one address meet on the unique email index, and a
    // confirmed row is locked but left as it is (no row comes back for it). An address that left
    // gets a new link and stays unsubscribed until it is followed.
    const [pending] = await tx
      .insert(newsletterSubscribers)
      .values({ email, tokenHash: hash, tokenExpiresAt, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: { tokenHash: hash, tokenExpiresAt, updatedAt: now },
        setWhere: or(isNull(newsletterSubscribers.confirmedAt), isNotNull(newsletterSubscribers.unsubscribedAt)),
      })
      .returning({ id: newsletterSubscribers.id });
    if (pending) await enqueueEmail(ctx, tx, newsletterConfirmEmail({ to: email, link: confirmLink(ctx, token) }));
    else await enqueueEmail(ctx, tx, newsletterAlreadySubscribedEmail({ to: email }));
  });
  return { message: NEWSLETTER_MESSAGES.checkInbox };
}
