import { CHAT_MESSAGES as M } from '@landunits/domain';
import type { ChatConversationAnswer } from '@landunits/domain/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { hashToken, newToken } from '../../platform/security/tokens';
import { resumeLimit } from './limits';
import { chatConversations } from './schema';
import { toConversationView } from './store';

/**
 * The emailed link continues a visitor's conversation: its token (used once, until it expires)
 * gives this browser a new visitor token for that conversation; the old cookie stops working.
 */
export async function resumeVisitor(ctx: AppContext, token: string, ip: string): Promise<{ token: string; answer: ChatConversationAnswer }> {
  await ctx.limiter.hit(resumeLimit(ip));
  const fresh = newToken();
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(chatConversations)
    .set({ visitorTokenHash: fresh.hash, resumeTokenHash: null, resumeExpiresAt: null })
    .where(and(eq(chatConversations.resumeTokenHash, hashToken(token)), gt(chatConversations.resumeExpiresAt, now)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', M.tokenInvalid);
  return { token: fresh.token, answer: { message: M.started, conversation: await toConversationView(ctx.db, row) } };
}
