import { NOTIFICATION_MESSAGES as M, type InAppCategory } from '@landunits/domain';
import type { NotificationView } from '@landunits/domain/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { notifications as n, notificationPreferences as p } from './schema';

type Row = typeof n.$inferSelect;
export const view = (row: Row): NotificationView => ({
  id: row.id,
  category: row.category,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

export async function unreadCountOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(n)
    .where(and(eq(n.userId, userId), isNull(n.readAt)));
  return Number(row?.unread ?? 0);
}

/** The id in a path: a positive integer, else not found. */
export function notificationIdOf(params: unknown): number {
  const id = Number((params as { id?: string }).id);
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('NOT_FOUND', M.notFound);
  return id;
}

export type InApp = Record<InAppCategory, boolean>;
export const ALL_ON: InApp = { orders: true, security: true, community: true, governance: true, chat: true };

export async function inAppOf(db: Db, userId: string): Promise<InApp> {
  const [row] = await db.select().from(p).where(eq(p.userId, userId));
  if (!row) return { ...ALL_ON };
  return { orders: row.orders, security: row.security, community: row.community, governance: row.governance, chat: row.chat };
}
