import { IN_APP_CATEGORIES, type InAppCategory } from '@landunits/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';

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
/** An in-app path only: no scheme, no `//host` nor `/\host` (browsers read both as another site), no spaces or control characters. */
const safeLink = (link: string) => (/^\/(?![/\\])[^\s\\]*$/.test(link) ? link : '/dashboard');
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** Whether the row's person has its category on in-app (no preferences row: on). */
const WANTED = sql.raw(`coalesce(case v.category ${IN_APP_CATEGORIES.map((c) => `when '${c}' then np."${c}"`).join(' ')} end, true)`);

/** One `insert … select` of the notifications, each written only when its person has the category on in-app. */
function insertSql(list: readonly Notification[], also: SQL = sql`true`): SQL {
  const rows = list.map(
    (x) => sql`(${x.userId}::uuid, ${x.category}, ${clip(x.title, 200)}, ${clip(x.body, 1000)}, ${safeLink(x.link)}, ${x.at ? sql`${x.at.toISOString()}::timestamptz` : sql`now()`})`,
  );
  return sql`insert into notifications (user_id, category, title, body, link, created_at)
    select v.user_id, v.category, v.title, v.body, v.link, v.created_at
    from (values ${sql.join(rows, sql`, `)}) as v(user_id, category, title, body, link, created_at)
    left join notification_preferences np on np.user_id = v.user_id
    where ${also} and ${WANTED}
    returning id`;
}

/**
 * Tells people something in the notification centre, in the caller's transaction: one insert per
 * batch of 1000 people, each row written only for people who have the category on in-app. Answers
 * how many were written.
 */
export async function notifyMany(tx: Db, userIds: readonly string[], content: NotificationContent): Promise<number> {
  const ids = [...new Set(userIds)];
  let written = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH).map((userId) => ({ ...content, userId }));
    written += rowsOf(await tx.execute(insertSql(batch))).length;
  }
  return written;
}

/** One person: written only when they have the category on in-app. Answers whether it was. */
export async function notify(tx: Db, notification: Notification): Promise<boolean> {
  const { userId, ...content } = notification;
  return (await notifyMany(tx, [userId], content)) > 0;
}

/**
 * The same as notify() for statements built of CTEs (an immediate transfer is one statement):
 * writes each notification when `source` has a row and its person has the category on in-app.
 * Use it as a CTE's body: `notified as (${notificationsCte(list, sql`new_order`)})`.
 */
export function notificationsCte(list: readonly Notification[], source: SQL): SQL {
  if (list.length === 0) return sql`select 1 where false`;
  return insertSql(list, sql`exists (select 1 from ${source})`);
}

/** node-postgres answers `{ rows }`, PGlite too; some drivers answer the rows themselves. */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  return (result as { rows?: unknown[] }).rows ?? [];
}
