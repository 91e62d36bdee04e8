import { DEFAULT_MARKETING_SETTINGS, marketingSettingsSchema, SECRET_MASK, type MarketingSettings } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { readSettingRow, SettingsCache } from '../pricing';

/**
 * The marketing integrations (decision 0031), stored like the impact figures: one row of
 * `settings` under the key `marketing`, checked with the domain's schema on every read and write.
 * No row means every integration is off (DEFAULT_MARKETING_SETTINGS).
 */

export const MARKETING_SETTINGS_KEY = 'marketing';

export interface StoredMarketingSettings {
  settings: MarketingSettings;
  version: number;
  updatedAt: Date | null;
}

const OFF: StoredMarketingSettings = { settings: DEFAULT_MARKETING_SETTINGS, version: 0, updatedAt: null };

/** The stored row; one the schema refuses (never written by this code) counts as off, with a log line by the caller. */
export async function loadMarketingSettings(db: Db): Promise<StoredMarketingSettings> {
  const row = await readSettingRow(db, MARKETING_SETTINGS_KEY);
  if (!row) return OFF;
  const parsed = marketingSettingsSchema(true).safeParse({ ...DEFAULT_MARKETING_SETTINGS, ...(row.value as object) });
  if (!parsed.success) return { ...OFF, version: row.version, updatedAt: row.updatedAt };
  return { settings: parsed.data, version: row.version, updatedAt: row.updatedAt };
}

/** Every request reads the analytics script's origin (CSP): this process keeps the row SETTINGS_TTL_MS. */
const cache = new SettingsCache(loadMarketingSettings);

export function currentMarketingSettings(db: Db, now: Date): StoredMarketingSettings | Promise<StoredMarketingSettings> {
  return cache.current(db, now.getTime());
}

/** Listeners told after a save in this process (the CSP and page caches). */
const listeners = new Set<() => void>();
export function onMarketingSettingsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** After a save: this process's copy is dropped and the listeners are told. */
export function marketingSettingsSaved(db: Db): void {
  cache.forget(db);
  for (const listener of listeners) listener();
}

/** The settings with the secret replaced by the mask (answers and audit rows). */
export function masked(settings: MarketingSettings): MarketingSettings {
  return { ...settings, trackerSecret: settings.trackerSecret ? SECRET_MASK : '' };
}

/** The analytics script's origin when one is configured ('https://cdn.example'), else null. */
export function scriptOriginOf(settings: MarketingSettings): string | null {
  if (!settings.scriptUrl) return null;
  try {
    return new URL(settings.scriptUrl).origin;
  } catch {
    return null;
  }
}
