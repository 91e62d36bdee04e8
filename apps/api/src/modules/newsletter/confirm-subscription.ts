import { NEWSLETTER_MESSAGES } from '@landunits/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { newsletterSubscribers } from './schema';
import { AppError } from '../../platform/http/app-error';
import { hashToken } from '../../platform/security/tokens';
import { newsletterLimits } from './limits';

/** The shape of the tokens this module issues (256 random bits, base64url). */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** One answer for a malformed, unknown and expired token, so none can be told apart. */
const invalidToken = () => new AppError('TOKEN_INVALID', NEWSLETTER_MESSAGES.tokenInvalid);

/**
 * Confirms the subscription a link was sent for. The token is kept until it expires, so following
 * the same link again (a second click, a mail scanner that opened it first) answers the same
 * success and keeps the first confirmation time. An address that had left is subscribed again
 * from now.
 */
export async function confirmSubscription(ctx: AppContext, token: string, ip: string): Promise<{ message: string }> {
  await ctx.limiter.hit(newsletterLimits.confirm(ip));
  if (!TOKEN_FORMAT.test(token)) throw invalidToken();
  const now = ctx.clock.now();
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await ctx.db
    .update(newsletterSubscribers)
    .set({
      confirmedAt: sql`case when ${newsletterSubscribers.unsubscribedAt} is null then coalesce(${newsletterSubscribers.confirmedAt}, ${at}) else ${at} end`,
      unsubscribedAt: null,
      updatedAt: now,
    })
    .where(and(eq(newsletterSubscribers.tokenHash, hashToken(token)), gt(newsletterSubscribers.tokenExpiresAt, now)))
    .returning({ id: newsletterSubscribers.id });
  if (!row) throw invalidToken();
  return { message: NEWSLETTER_MESSAGES.confirmed };
}
