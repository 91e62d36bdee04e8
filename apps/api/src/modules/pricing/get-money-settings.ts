import { DEFAULT_MONEY_SETTINGS, fieldErrors, MoneySettingsSchema, type MoneySettings } from '@landunits/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { settings } from './schema';

/** The key of the money settings' row in `settings`. */
export const MONEY_SETTINGS_KEY = 'money';

/** The money settings in force with the row they came from; version 0 when no row exists (defaults). */
export interface StoredMoneySettings {
  settings: MoneySettings;
  /** Goes up by one on every write; 0 means the defaults (no row). */
  version: number;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** A stored value that fails the schema: a broken row must stop prices, not be replaced by guesses. */
export class InvalidStoredSettingsError extends Error {
  constructor(readonly issues: Record<string, string>) {
    super(`The stored money settings are invalid: ${Object.entries(issues).map(([field, message]) => `${field}: ${message}`).join('; ')}`);
    this.name = 'InvalidStoredSettingsError';
  }
}

/**
 * Reads the money settings row, checked with `MoneySettingsSchema`. Without a row the defaults
 * apply (nothing needs seeding). A top-level field missing from a stored row (a setting added to
 * the schema after the row was written) takes its default; any other invalid value throws.
 */
export async function loadMoneySettings(db: Db): Promise<StoredMoneySettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, MONEY_SETTINGS_KEY));
  if (!row) return { settings: DEFAULT_MONEY_SETTINGS, version: 0, updatedAt: null, updatedBy: null };
  const stored = row.value;
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) throw new InvalidStoredSettingsError({ _: 'not an object' });
  const result = MoneySettingsSchema.safeParse({ ...DEFAULT_MONEY_SETTINGS, ...stored });
  if (!result.success) throw new InvalidStoredSettingsError(fieldErrors(result.error));
  return { settings: result.data, version: row.version, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
}

/** The money settings in force: the stored row, or the defaults when there is none. */
export async function getMoneySettings(db: Db): Promise<MoneySettings> {
  return (await loadMoneySettings(db)).settings;
}
