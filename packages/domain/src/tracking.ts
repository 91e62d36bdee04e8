/** Marketing tracking and cookie consent constants (SPEC §3, §4, §9). */

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'utm_id'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type UtmParams = Partial<Record<UtmKey, string>>;

export const UTM_COOKIE = 'utm_data';
export const UTM_COOKIE_MAX_AGE_SECONDS = 604_800;

/** Local-storage key of the consent flag: absent or 'false' shows the banner, 'true' hides it. */
export const CONSENT_STORAGE_KEY = 'cookieConsent';
/** Local-storage key holding the chosen categories. */
export const CONSENT_CHOICES_STORAGE_KEY = 'cookieConsentChoices';
/** Cookie that mirrors the choices for the server, kept one year. */
export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 31_536_000;

export const CONSENT_CATEGORIES = ['Necessary', 'Preferences', 'Statistics', 'Marketing', 'Unclassified'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type ConsentChoices = Record<ConsentCategory, boolean>;

/**
 * The <meta name> by which the server tells the browser the analytics script to load, and its
 * consent category (decision 0031). Here, not with the marketing settings: the page entry reads it.
 */
export const ANALYTICS_META_NAME = 'lu-analytics';

export const DEFAULT_CONSENT: ConsentChoices = {
  Necessary: true,
  Preferences: false,
  Statistics: false,
  Marketing: false,
  Unclassified: false,
};

export const ALL_CONSENT: ConsentChoices = {
  Necessary: true,
  Preferences: true,
  Statistics: true,
  Marketing: true,
  Unclassified: true,
};

/** Picks the UTM parameters out of a query string; empty values and other keys are ignored. */
export function utmFromSearch(search: string): UtmParams {
  const params = new URLSearchParams(search);
  const found: UtmParams = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) found[key] = value.slice(0, 200);
  }
  return found;
}

/** SPEC §9 layout breakpoints, in CSS pixels. */
export const BREAKPOINTS = { compact: 992, mobile: 768 } as const;

/**
 * A readable companion of the HttpOnly session cookie, holding only '1'. The web app asks
 * GET /api/user only when it is present, so anonymous visitors cause no request and no 401.
 */
export const SESSION_HINT_COOKIE = 'lu_signed_in';
