import { MoneySettingsSchema } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { parseInput } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { requirePermissionOf } from '../auth';
import { loadMoneySettings, MONEY_SETTINGS_KEY, type StoredMoneySettings } from './get-money-settings';
import { forgetPriceList } from './price-list';
import { readSettingRow, writeSettingRow } from './store';

/**
 * Replaces the money settings at once, without a second admin: for tests and operators' scripts.
 * The admin pages change settings only through change requests (propose-setting-change.ts,
 * decide-setting-change.ts), where new price terms wait for the next UTC day; here every figure,
 * prices included, applies immediately (no earlier price terms are kept).
 *
 * `value` is a whole settings object checked with
 * `MoneySettingsSchema` (400 `VALIDATION_FAILED` with the schema's message per field, nothing
 * written). Only an admin whose role has `settings.money` may write (read in the transaction of
 * the write); the row records who and when, its version goes up by one, and the audit log keeps
 * the settings before and after. This process's price cache is dropped at once; other instances
 * see the change within `SETTINGS_TTL_MS` (settings-cache.ts).
 */
export async function updateMoneySettings(db: Db, value: unknown, adminId: string, now: Date = new Date(), requestId: string | null = null): Promise<StoredMoneySettings> {
  const next = parseInput(MoneySettingsSchema, value);
  const stored = await db.transaction(async (tx) => {
    const role = await requirePermissionOf(tx, adminId, 'settings.money');
    const previous = await readSettingRow(tx, MONEY_SETTINGS_KEY, { forUpdate: true });
    const row = await writeSettingRow(tx, { key: MONEY_SETTINGS_KEY, value: next, adminId, now });
    if (!row) throw new Error('the settings upsert returned no row');
    await recordAudit(tx, {
      actor: { userId: adminId, role, requestId },
      at: now,
      action: 'settings.money.update',
      targetType: 'settings',
      targetId: MONEY_SETTINGS_KEY,
      before: previous?.value ?? null,
      after: next,
    });
    return loadMoneySettings(tx);
  });
  forgetPriceList(db);
  return stored;
}
