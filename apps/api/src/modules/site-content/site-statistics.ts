import { buildSiteStatistics, formatDate, startOfUtcDay, type MoneySettings, type SiteStatistics } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { currentMoneySettings } from '../pricing';
import { currentImpactMetrics, type StoredImpactMetrics } from './impact-metrics';

/**
 * GET /api/site/statistics, built from the money settings and impact metrics in force for the
 * clock's UTC day. Both come from caches that keep the same object while their row is unchanged
 * (pricing's price-list cache, and impact-metrics.ts), so the answer is rebuilt only when the day
 * or one of them changes; a write in this process shows at once, elsewhere within a minute.
 */

export interface BuiltStatistics {
  body: SiteStatistics;
  /** `body` as JSON, encoded once. */
  payload: Buffer;
}

interface Entry {
  day: string;
  money: MoneySettings;
  impact: StoredImpactMetrics;
  built: BuiltStatistics;
}

const last = new WeakMap<Db, Entry>();

export async function currentSiteStatistics(db: Db, now: Date): Promise<BuiltStatistics> {
  const [money, impact] = await Promise.all([currentMoneySettings(db, now), currentImpactMetrics(db, now)]);
  const day = formatDate(now, 'YYYY-MM-DD');
  const entry = last.get(db);
  if (entry && entry.day === day && entry.money === money && entry.impact === impact) return entry.built;
  const body = buildSiteStatistics(money, impact.metrics, startOfUtcDay(now));
  const built = { body, payload: Buffer.from(JSON.stringify(body), 'utf8') };
  last.set(db, { day, money, impact, built });
  return built;
}
