import { MoneySettingsSchema } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { settings } from './schema';
import { AppError, parseInput } from '../../platform/http/app-error';
import { ADMIN_ONLY_MESSAGE } from '../auth';
import { isAdmin } from '../users';
import { MONEY_SETTINGS_KEY, type StoredMoneySettings } from './get-money-settings';
import { forgetPriceList } from './price-list';

/**
 * Replaces the money settings with `value`, a whole settings object checked with
 * `MoneySettingsSchema` (400 `VALIDATION_FAILED` with the schema's message per field, nothing
 * written). Only an admin may write; the row records who and when, and its version goes up by
 * one. This process's price cache is dropped at once; other instances see the change within
 * `SETTINGS_TTL_MS` (settings-cache.ts).
 */
export async function updateMoneySettings(db: Db, value: unknown, adminId: string, now: Date = new Date()): Promise<StoredMoneySettings> {
  const next = parseInput(MoneySettingsSchema, value);
  if (!(await isAdmin(db, adminId))) throw new AppError('FORBIDDEN', ADMIN_ONLY_MESSAGE);

  const [row] = await db
    .insert(settings)
    .values({ key: MONEY_SETTINGS_KEY, value: next, version: 1, updatedAt: now, updatedBy: adminId })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: next, version: sql`${settings.version} + 1`, updatedAt: now, updatedBy: adminId },
    })
    .returning({ version: settings.version, updatedAt: settings.updatedAt, updatedBy: settings.updatedBy });
  if (!row) throw new Error('the settings upsert returned no row');
  forgetPriceList(db);
  return { settings: next, ...row };
}
