import type { AppContext } from '../../platform/context';
import { readLimit } from './limits';
import { unreadCountOf } from './store';

export async function unreadCount(ctx: AppContext, userId: string): Promise<{ unread: number }> {
  await ctx.limiter.hit(readLimit(userId));
  return { unread: await unreadCountOf(ctx.db, userId) };
}
