import { NOTIFICATIONS_PAGE_SIZE, type NotificationsQuery } from '@landunits/domain';
import type { NotificationsPage } from '@landunits/domain/contracts';
import { and, desc, eq, isNull, lt, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { readLimit } from './limits';
import { notifications as n } from './schema';
import { view } from './store';

/** A person's notifications, newest first, one keyset page (ids below `before`). */
export async function listNotifications(ctx: AppContext, userId: string, query: NotificationsQuery): Promise<NotificationsPage> {
  await ctx.limiter.hit(readLimit(userId));
  const where: SQL[] = [eq(n.userId, userId)];
  if (query.before !== undefined) where.push(lt(n.id, query.before));
  if (query.unread === 'true') where.push(isNull(n.readAt));
  const rows = await ctx.db
    .select()
    .from(n)
    .where(and(...where))
    .orderBy(desc(n.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return { notifications: page.map(view), nextBefore: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? last.id : null };
}
