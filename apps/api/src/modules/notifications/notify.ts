import { IN_APP_CATEGORIES, type InAppCategory } from '@landunits/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from '../users/schema';
import { notificationPreferences as p, notifications as n } from './schema';

/** What a notification says: plain text, and the in-app path it leads to. */
export interface NotificationContent {
  category: InAppCategory;
  title: string;
  body: string;
  /** An in-app path, e.g. `/dashboard/orders/12`. */
  link: string;
  /** When it happened (the caller's `ctx.clock.now()`); the database's time when left out. */
  at?: Date;
}

export interface Notification extends NotificationContent {
  userId: string;
}

const BATCH = 1000;
const safeLink = (link: string) => (link.startsWith('/') && !link.startsWith('//') ? link : '/dashboard');
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Tells people something in the notification centre, in the caller's transaction: one insert per
 * batch of 1000 people, each row written only for people who have the category on in-app (no
 * preferences row: on). Answers how many were written.
 */
export async function notifyMany(tx: Db, userIds: readonly string[], content: NotificationContent): Promise<number> {
  const ids = [...new Set(userIds)];
  const column = sql.raw(`"${content.category}"`);
  const at = content.at ? sql`${content.at.toISOString()}::timestamptz` : sql`now()`;
  const link = safeLink(content.link);
  let written = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const result = await tx.execute(sql`
      insert into ${n} (user_id, category, title, body, link, created_at)
      select u.id, ${content.category}, ${clip(content.title, 200)}, ${clip(content.body, 1000)}, ${link}, ${at}
      from ${users} u left join ${p} on ${p.userId} = u.id
      where u.id in (${sql.join(batch.map((id) => sql`${id}::uuid`), sql`, `)}) and coalesce(${p}.${column}, true)
      returning ${n.id}`);
    written += rowsOf(result).length;
  }
  return written;
}

/** One person: written only when they have the category on in-app. Answers whether it was. */
export async function notify(tx: Db, notification: Notification): Promise<boolean> {
  const { userId, ...content } = notification;
  return (await notifyMany(tx, [userId], content)) > 0;
}

/**
 * The same as notify() for statements built of CTEs (an immediate transfer is one statement): an
 * `insert … select` writing each notification when `source` has a row and its person has the
 * category on in-app. Use it as a CTE's body: `notified as (${notificationsSql(list, sql`new_order`)})`.
 */
export function notificationsSql(list: readonly Notification[], source: SQL): SQL {
  if (list.length === 0) return sql`select 1 where false`;
  const rows = list.map(
    (x) => sql`(${x.userId}::uuid, ${x.category}, ${clip(x.title, 200)}, ${clip(x.body, 1000)}, ${safeLink(x.link)}, ${x.at ? sql`${x.at.toISOString()}::timestamptz` : sql`now()`})`,
  );
  const wanted = sql.raw(`case v.category ${IN_APP_CATEGORIES.map((c) => `when '${c}' then np."${c}"`).join(' ')} end`);
  return sql`insert into notifications (user_id, category, title, body, link, created_at)
    select v.user_id, v.category, v.title, v.body, v.link, v.created_at
    from (values ${sql.join(rows, sql`, `)}) as v(user_id, category, title, body, link, created_at)
    left join notification_preferences np on np.user_id = v.user_id
    where exists (select 1 from ${source}) and coalesce(${wanted}, true)`;
}

/** node-postgres answers `{ rows }`, PGlite too; some drivers answer the rows themselves. */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  return (result as { rows?: unknown[] }).rows ?? [];
}
