import { z } from 'zod';

/**
 * Marketing integrations (SPEC §7, PRODUCT-DECISIONS §7): where the tracking payload
 * (hubspotMetaData) is forwarded, and which analytics or heatmap script the browser loads after
 * the matching cookie consent. Every field empty by default: nothing is forwarded or loaded.
 */

export const MARKETING_SCRIPT_CATEGORIES = ['Statistics', 'Marketing'] as const;
export type MarketingScriptCategory = (typeof MARKETING_SCRIPT_CATEGORIES)[number];

export const MARKETING_MESSAGES = {
  trackerUrl: 'Enter the tracker endpoint as a full https:// address.',
  trackerSecret: 'The secret may be at most 500 characters, without line breaks.',
  scriptUrl: 'Enter the script address as a full https:// address.',
  scriptCategory: 'Choose the cookie category the script needs: Statistics or Marketing.',
  secretForNewTracker: 'The tracker address changed: enter its secret again (or leave the field empty for none).',
} as const;

/** Masked stand-in for a stored secret: sending it back unchanged keeps the stored one. */
export const SECRET_MASK = '••••••••';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An https address; `allowLocalHttp` also accepts http://127.0.0.1 / localhost (tests, development). */
export function isAllowedIntegrationUrl(value: string, allowLocalHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === 'https:') return url.hostname.length > 0;
  return allowLocalHttp && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
}

const optionalUrl = (message: string, allowLocalHttp: boolean) =>
  z
    .string({ message })
    .trim()
    .max(2000, message)
    .refine((v) => v === '' || isAllowedIntegrationUrl(v, allowLocalHttp), message);

/** The settings as an admin sends them. `allowLocalHttp` is true outside production (the server decides). */
export function marketingSettingsSchema(allowLocalHttp: boolean) {
  return z.object({
    trackerUrl: optionalUrl(MARKETING_MESSAGES.trackerUrl, allowLocalHttp),
    trackerSecret: z
      .string({ message: MARKETING_MESSAGES.trackerSecret })
      .max(500, MARKETING_MESSAGES.trackerSecret)
      .refine((v) => !/[\r\n]/.test(v), MARKETING_MESSAGES.trackerSecret),
    // The script always comes from an https origin: the browser loads it on public pages.
    scriptUrl: optionalUrl(MARKETING_MESSAGES.scriptUrl, false),
    scriptCategory: z.enum(MARKETING_SCRIPT_CATEGORIES, { message: MARKETING_MESSAGES.scriptCategory }),
  });
}

/** The browser's form: the strict schema (production rules; the server re-checks with its own). */
export const MarketingSettingsSchema = /* @__PURE__ */ marketingSettingsSchema(false);
export type MarketingSettings = z.output<typeof MarketingSettingsSchema>;

export const DEFAULT_MARKETING_SETTINGS: MarketingSettings = { trackerUrl: '', trackerSecret: '', scriptUrl: '', scriptCategory: 'Statistics' };

/** What the tracker receives for one event (POST, JSON). */
export const TRACKING_EVENTS = ['email_confirmed', 'order_created', 'order_paid'] as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[number];
