import { UTM_COOKIE, UTM_KEYS, type HubspotMeta, type UtmParams } from '@landunits/domain';
import { readCookie } from './cookies';

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

/** The marketing tracker's visitor cookie, sent along when present. */
export const HUBSPOT_COOKIE = 'hubspotutk';

/** This page's address without single-use tokens, which must never reach a tracker. */
function pageUri(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('token');
  return url.toString();
}

/**
 * SPEC §3 marketing tracking payload (hubspotMetaData): the tracker's visitor cookie, this page's
 * address and title, and the stored UTM parameters, within the lengths the API accepts.
 */
export function hubspotMetaData(): HubspotMeta {
  const hutk = readCookie(HUBSPOT_COOKIE);
  return {
    ...(hutk ? { hutk: hutk.slice(0, 200) } : {}),
    pageUri: pageUri().slice(0, 2000),
    pageName: document.title.slice(0, 300),
    utmParams: readUtmCookie(),
  };
}
