import { DEFAULT_IMPACT_METRICS, fieldErrors, ImpactMetricsSchema, type ImpactMetrics } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { parseInput } from '../../platform/http/app-error';
import { requirePermissionOf } from '../auth';
import { readSettingRow, SettingsCache, writeSettingRow } from '../pricing';
import { recordAudit } from '../audit';

/**
 * The impact metrics of /statistics and the 2025 report, stored like the money settings: one row
 * of `settings` under the key `impact`, checked with the domain's schema on every read and write,
 * its `version` raised on every write. No row means the defaults (DEFAULT_IMPACT_METRICS).
 */

export const IMPACT_SETTINGS_KEY = 'impact';

export interface StoredImpactMetrics {
  metrics: ImpactMetrics;
  /** Goes up by one on every write; 0 means the defaults (no row). */
  version: number;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** A stored row the schema refuses: the figures stop rather than being replaced by guesses. */
export class InvalidStoredImpactError extends Error {
  constructor(readonly issues: Record<string, string>) {
    super(
      `The stored impact metrics are invalid: ${Object.entries(issues)
        .map(([field, message]) => `${field}: ${message}`)
        .join('; ')}`,
    );
    this.name = 'InvalidStoredImpactError';
  }
}

/**
 * Reads the row. A metric missing from it (one added after the row was written) takes its
 * default; any other invalid value throws.
 */
export async function loadImpactMetrics(db: Db): Promise<StoredImpactMetrics> {
  const row = await readSettingRow(db, IMPACT_SETTINGS_KEY);
  if (!row) return { metrics: { ...DEFAULT_IMPACT_METRICS }, version: 0, updatedAt: null, updatedBy: null };
  const stored = row.value;
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) throw new InvalidStoredImpactError({ _: 'not an object' });
  const result = ImpactMetricsSchema.safeParse({ ...DEFAULT_IMPACT_METRICS, ...stored });
  if (!result.success) throw new InvalidStoredImpactError(fieldErrors(result.error));
  return { metrics: result.data, version: row.version, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
}

/*
 * The public statistics read the metrics on every request, so this process keeps the last read
 * for SETTINGS_TTL_MS (the money settings' rule). A write here drops it at once; other instances
 * see a change within the TTL.
 */
const impactCache = new SettingsCache(loadImpactMetrics);

/**
 * The metrics in force, from this process's copy when it is younger than the TTL. The same object
 * comes back while the row is unchanged, so callers can key their own caches on it.
 */
export async function currentImpactMetrics(db: Db, now: Date): Promise<StoredImpactMetrics> {
  return impactCache.current(db, now.getTime());
}

/**
 * Replaces the impact metrics with `value`, a whole metrics object checked with
 * `ImpactMetricsSchema` (400 `VALIDATION_FAILED` with a message per field, nothing written).
 * Only an admin whose role has `site.impact` may write (read in the transaction of the write); the
 * row records who and when, its version goes up by one, and the audit log keeps before and after.
 */
export async function updateImpactMetrics(db: Db, value: unknown, adminId: string, now: Date = new Date(), requestId: string | null = null): Promise<StoredImpactMetrics> {
  const next = parseInput(ImpactMetricsSchema, value);
  const stored = await db.transaction(async (tx) => {
    const role = await requirePermissionOf(tx, adminId, 'site.impact');
    const previous = await readSettingRow(tx, IMPACT_SETTINGS_KEY, { forUpdate: true });
    const row = await writeSettingRow(tx, { key: IMPACT_SETTINGS_KEY, value: next, adminId, now });
    if (!row) throw new Error('the impact settings upsert returned no row');
    await recordAudit(tx, {
      actor: { userId: adminId, role, requestId },
      at: now,
      action: 'settings.impact.update',
      targetType: 'settings',
      targetId: IMPACT_SETTINGS_KEY,
      before: previous?.value ?? null,
      after: next,
    });
    return { metrics: next, ...row };
  });
  impactCache.forget(db);
  return stored;
}
