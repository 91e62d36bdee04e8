import { DEFAULT_MARKETING_SETTINGS, MARKETING_MESSAGES, marketingSettingsSchema, SECRET_MASK, type MarketingSettings } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { AppError, parseInput } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { requirePermissionOf } from '../auth';
import { readSettingRow, writeSettingRow } from '../pricing';
import { MARKETING_SETTINGS_KEY, marketingSettingsSaved, masked, type StoredMarketingSettings } from './store';

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
  marketingSettingsSaved(db);
  return stored;
}
