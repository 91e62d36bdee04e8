import { UTM_COOKIE, UTM_COOKIE_MAX_AGE_SECONDS, utmFromSearch, type UtmParams } from '@landunits/domain';
import { writeCookie } from './cookies';

/**
 * SPEC §3: UTM parameters of the landing URL are kept for 7 days in the `utm_data` cookie.
 * A landing without UTM parameters keeps whatever an earlier campaign stored.
 * Returns what was written, or undefined when nothing was. Reading it back is in tracking-meta.ts,
 * outside the entry chunk: only the pages that send tracking data need it.
 */
export function captureUtm(search: string = window.location.search): UtmParams | undefined {
  const found = utmFromSearch(search);
  if (Object.keys(found).length === 0) return undefined;
  writeCookie(UTM_COOKIE, encodeURIComponent(JSON.stringify(found)), {
    maxAgeSeconds: UTM_COOKIE_MAX_AGE_SECONDS,
    path: '/',
    sameSite: 'Lax',
  });
  return found;
}
