import { NOTIFICATION_MESSAGES as M } from '@landunits/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { markLimit } from './limits';
import { notifications as n } from './schema';
import { unreadCountOf } from './store';

/** Marks one of the person's notifications read; another person's is not found. Again is a no-op. */
export async function markRead(ctx: AppContext, userId: string, id: number): Promise<{ message: string; unread: number }> {
  await ctx.limiter.hit(markLimit(userId));
  const [row] = await ctx.db
    .select({ readAt: n.readAt })
    .from(n)
    .where(and(eq(n.id, id), eq(n.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  if (row.readAt === null)
    await ctx.db
      .update(n)
      .set({ readAt: ctx.clock.now() })
      .where(and(eq(n.id, id), eq(n.userId, userId), isNull(n.readAt)));
  return { message: M.markedRead, unread: await unreadCountOf(ctx.db, userId) };
}
