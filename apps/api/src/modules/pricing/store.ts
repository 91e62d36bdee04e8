import { SETTING_REQUEST_MESSAGES as M, type SettingChangeKey } from '@landunits/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { settingChangeRequests as r, settings } from './schema';

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

export type RequestRow = typeof r.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The request with this id in this section, locked for the caller's transaction; 404 otherwise. */
export async function lockRequest(tx: Db, key: SettingChangeKey, id: string): Promise<RequestRow> {
  const [row] = UUID.test(id)
    ? await tx
        .select()
        .from(r)
        .where(and(eq(r.id, id), eq(r.key, key)))
        .for('update')
    : [];
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

/** Who proposed the settings change request with this id (docs/decisions/0037); none for an unknown id. */
export async function settingChangeProposerOf(db: Db, id: string): Promise<string[]> {
  if (!UUID.test(id)) return [];
  const [row] = await db.select({ proposedBy: r.proposedBy }).from(r).where(eq(r.id, id));
  return row ? [row.proposedBy] : [];
}
