import { NOTIFICATION_MESSAGES as M } from '@landunits/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { markLimit } from './limits';
import { notifications as n } from './schema';

export async function markAllRead(ctx: AppContext, userId: string): Promise<{ message: string; unread: number }> {
  await ctx.limiter.hit(markLimit(userId));
  await ctx.db
    .update(n)
    .set({ readAt: ctx.clock.now() })
    .where(and(eq(n.userId, userId), isNull(n.readAt)));
  return { message: M.allMarkedRead, unread: 0 };
}
