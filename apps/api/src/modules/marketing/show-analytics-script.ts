import { ANALYTICS_META_NAME } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { currentMarketingSettings, scriptOriginOf } from './store';

/**
 * What the browser needs of the analytics script (decision 0031): its origin for the CSP, and a
 * <meta> tag in each page's head naming its address and consent category. The web app loads the
 * script only once the visitor's consent includes that category. Nothing when none is configured.
 */

export async function analyticsScriptOrigin(db: Db, now: Date): Promise<string | null> {
  const { settings } = await currentMarketingSettings(db, now);
  return scriptOriginOf(settings);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const attr = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

export async function analyticsMetaTag(db: Db, now: Date): Promise<string> {
  const { settings } = await currentMarketingSettings(db, now);
  if (!scriptOriginOf(settings)) return '';
  return `<meta name="${ANALYTICS_META_NAME}" content="${attr(settings.scriptUrl)}" data-category="${attr(settings.scriptCategory)}">`;
}
