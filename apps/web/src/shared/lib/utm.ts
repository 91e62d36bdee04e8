import { UTM_COOKIE, UTM_COOKIE_MAX_AGE_SECONDS, utmFromSearch, type UtmParams, UTM_KEYS } from '@landunits/domain';
import { readCookie, writeCookie } from './cookies';

/**
 * SPEC §3: UTM parameters of the landing URL are kept for 7 days in the `utm_data` cookie.
 * A landing without UTM parameters keeps whatever an earlier campaign stored.
 * Returns what was written, or undefined when nothing was.
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

/** The stored UTM parameters (only known keys with string values), or an empty object. */
export function readUtmCookie(): UtmParams {
  const raw = readCookie(UTM_COOKIE);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (typeof parsed !== 'object' || parsed === null) return {};
    const params: UtmParams = {};
    for (const key of UTM_KEYS) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string' && value) params[key] = value;
    }
    return params;
  } catch {
    return {};
  }
}
