import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { settings } from './schema';

/**
 * Rows of the admin-editable `settings` table (one per key) for the modules that keep their own
 * settings there under their own key (e.g. site-content's `impact`): read one, or replace it
 * raising its version by one. Checking the value is the caller's business.
 */

export type SettingRow = typeof settings.$inferSelect;

/** One row; `forUpdate` locks it for the rest of the caller's transaction (read before a write). */
export async function readSettingRow(db: Db, key: string, options: { forUpdate?: boolean } = {}): Promise<SettingRow | undefined> {
  const query = db.select().from(settings).where(eq(settings.key, key));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function writeSettingRow(db: Db, input: { key: string; value: unknown; adminId: string; now: Date }): Promise<Pick<SettingRow, 'version' | 'updatedAt' | 'updatedBy'> | undefined> {
  const { key, value, adminId, now } = input;
  const [row] = await db
    .insert(settings)
    .values({ key, value, version: 1, updatedAt: now, updatedBy: adminId })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value, version: sql`${settings.version} + 1`, updatedAt: now, updatedBy: adminId },
    })
    .returning({ version: settings.version, updatedAt: settings.updatedAt, updatedBy: settings.updatedBy });
  return row;
}
