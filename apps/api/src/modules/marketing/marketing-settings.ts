import { DEFAULT_MARKETING_SETTINGS, MARKETING_MESSAGES, marketingSettingsSchema, SECRET_MASK, type MarketingSettings } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { AppError, parseInput } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { requirePermissionOf } from '../auth';
import { readSettingRow, SettingsCache, writeSettingRow } from '../pricing';

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

const originOf = (url: string): string => {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return url;
  }
};

/**
 * Replaces the settings. The addresses are checked with the schema (http to 127.0.0.1/localhost
 * only when `allowLocalHttp`, i.e. outside production); a secret sent back masked keeps the stored
 * one. Only `settings.integrations` may write; the audit row never holds the secret itself.
 */
export async function updateMarketingSettings(db: Db, body: unknown, input: { adminId: string; now: Date; requestId: string | null; allowLocalHttp: boolean }): Promise<StoredMarketingSettings> {
  const next = parseInput(marketingSettingsSchema(input.allowLocalHttp), body);
  const stored = await db.transaction(async (tx) => {
    const role = await requirePermissionOf(tx, input.adminId, 'settings.integrations');
    const previousRow = await readSettingRow(tx, MARKETING_SETTINGS_KEY, { forUpdate: true });
    const previous = previousRow ? { ...DEFAULT_MARKETING_SETTINGS, ...(previousRow.value as Partial<MarketingSettings>) } : null;
    // The stored secret stays only with the tracker it was given for: a new address needs it again.
    const keepsSecret = next.trackerSecret === SECRET_MASK;
    if (keepsSecret && previous?.trackerSecret && originOf(previous.trackerUrl) !== originOf(next.trackerUrl)) {
      throw new AppError('VALIDATION_FAILED', MARKETING_MESSAGES.secretForNewTracker, { trackerSecret: MARKETING_MESSAGES.secretForNewTracker });
    }
    const value: MarketingSettings = { ...next, trackerSecret: keepsSecret ? (previous?.trackerSecret ?? '') : next.trackerSecret };
    const row = await writeSettingRow(tx, { key: MARKETING_SETTINGS_KEY, value, adminId: input.adminId, now: input.now });
    if (!row) throw new Error('the marketing settings upsert returned no row');
    await recordAudit(tx, {
      actor: { userId: input.adminId, role, requestId: input.requestId },
      at: input.now,
      action: 'settings.marketing.update',
      targetType: 'settings',
      targetId: MARKETING_SETTINGS_KEY,
      before: previous ? masked(previous) : null,
      after: masked(value),
    });
    return { settings: value, version: row.version, updatedAt: row.updatedAt };
  });
  cache.forget(db);
  for (const listener of listeners) listener();
  return stored;
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
