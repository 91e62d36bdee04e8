import { lt } from 'drizzle-orm';
import { MINUTE } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { notifications as n } from './schema';

/** Housekeeping: read notifications older than 180 days are deleted. */
export const RETENTION_MS = 180 * 24 * 60 * MINUTE;
export async function deleteOldReadNotifications(db: Db, now: Date): Promise<void> {
  await db.delete(n).where(lt(n.readAt, new Date(now.getTime() - RETENTION_MS)));
}
