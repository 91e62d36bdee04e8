import { createHash } from 'node:crypto';
import { buildSiteStatistics, formatDate, startOfUtcDay, unitPricesOnNewYear } from '@landunits/domain';
import type { Db } from '../../../platform/db/client';
import { loadMoneySettings, moneySettingsOn } from '../../pricing';
import { loadImpactMetrics } from '../impact-metrics';
import { renderReport } from './render-report';

/** The years whose 1 January Unit prices the report compares. */
export const REPORT_YEARS = [2025, 2026] as const;

export const REPORT_FILENAME = 'land-units-2025-report.pdf';

export interface RenderedReport {
  bytes: Buffer;
  /** Strong validator: a hash of the bytes (the same figures give the same bytes). */
  etag: string;
}

/*
 * Rendering takes tens of milliseconds, so the bytes are kept in memory, one report per database
 * handle, keyed by what they depend on: the money and impact settings rows (version and write
 * time, read fresh on every download: two primary-key lookups) and the UTC day the figures are
 * dated. Concurrent first downloads share one rendering; a failed one is not kept.
 */
interface Entry {
  key: string;
  report: Promise<RenderedReport>;
}

const last = new WeakMap<Db, Entry>();

const rowKey = (row: { version: number; updatedAt: Date | null }) => `${row.version}@${row.updatedAt?.getTime() ?? 0}`;

export async function currentReport(db: Db, now: Date): Promise<RenderedReport> {
  const [money, impact] = await Promise.all([loadMoneySettings(db), loadImpactMetrics(db)]);
  const day = formatDate(now, 'YYYY-MM-DD');
  const key = `${day}|money:${rowKey(money)}|impact:${rowKey(impact)}`;
  const cached = last.get(db);
  if (cached?.key === key) return cached.report;

  // The price terms in force today: an approved change of them starts tomorrow.
  const settings = moneySettingsOn(money, now);
  const statistics = buildSiteStatistics(settings, impact.metrics, startOfUtcDay(now));
  const newYearPrices = REPORT_YEARS.map((year) => ({ year, prices: unitPricesOnNewYear(year, settings) }));
  const report = renderReport({ statistics, newYearPrices }).then((bytes) => ({
    bytes,
    etag: `"report-2025-${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`,
  }));
  const entry = { key, report };
  last.set(db, entry);
  report.catch(() => {
    if (last.get(db) === entry) last.delete(db);
  });
  return report;
}
