import type { ConsentCategory } from './tracking';

/**
 * What each cookie consent category is for, shown by the cookie details and the privacy page. Kept
 * apart from tracking.ts, which the app's entry needs: a module sits in one bundle chunk, so these
 * texts now travel with the lazy pages that show them instead of with every first visit.
 */
export const CONSENT_DESCRIPTIONS: Readonly<Record<ConsentCategory, string>> = {
  Necessary: 'Keep you signed in, protect forms and remember this choice. Always on.',
  Preferences: 'Remember settings such as your preferred currency.',
  Statistics: 'Help us understand how pages are used, in aggregate.',
  Marketing: 'Measure campaigns and show relevant offers.',
  Unclassified: 'Cookies we are still classifying with their providers.',
};
