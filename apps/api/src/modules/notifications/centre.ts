import { NOTIFICATION_MESSAGES as M, NOTIFICATIONS_PAGE_SIZE, type NotificationsQuery } from '@landunits/domain';
import type { NotificationsPage, NotificationView } from '@landunits/domain/contracts';
import { and, count, desc, eq, isNull, lt, type SQL } from 'drizzle-orm';
import { MINUTE } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import type { Limit } from '../../platform/security/rate-limit';
import { notifications as n } from './schema';

/** Reading the centre (the bell polls once a minute per tab): 120 a minute per person; marking: 60. */
export const readLimit = (userId: string): Limit => ({ key: `notifications:read:${userId}`, max: 120, windowMs: MINUTE });
export const markLimit = (userId: string): Limit => ({ key: `notifications:mark:${userId}`, max: 60, windowMs: MINUTE });

type Row = typeof n.$inferSelect;
const view = (row: Row): NotificationView => ({
  id: row.id,
  category: row.category,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

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

export async function unreadCountOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(n)
    .where(and(eq(n.userId, userId), isNull(n.readAt)));
  return Number(row?.unread ?? 0);
}

export async function unreadCount(ctx: AppContext, userId: string): Promise<{ unread: number }> {
  await ctx.limiter.hit(readLimit(userId));
  return { unread: await unreadCountOf(ctx.db, userId) };
}

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

export async function markAllRead(ctx: AppContext, userId: string): Promise<{ message: string; unread: number }> {
  await ctx.limiter.hit(markLimit(userId));
  await ctx.db
    .update(n)
    .set({ readAt: ctx.clock.now() })
    .where(and(eq(n.userId, userId), isNull(n.readAt)));
  return { message: M.allMarkedRead, unread: 0 };
}

/** Housekeeping: read notifications older than 180 days are deleted. */
export const RETENTION_MS = 180 * 24 * 60 * MINUTE;
export async function deleteOldReadNotifications(db: Db, now: Date): Promise<void> {
  await db.delete(n).where(lt(n.readAt, new Date(now.getTime() - RETENTION_MS)));
}

/** The id in a path: a positive integer, else not found. */
export function notificationIdOf(params: unknown): number {
  const id = Number((params as { id?: string }).id);
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('NOT_FOUND', M.notFound);
  return id;
}
