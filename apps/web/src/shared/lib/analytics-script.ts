import { ANALYTICS_META_NAME, type ConsentCategory } from '@landunits/domain';
import { hasConsent, subscribeConsent } from './consent';

/**
 * Runs `load` once, as soon as the category is granted (now or later). Returns an unsubscribe.
 * Kept here, not in consent.ts (which the entry needs), so it travels in this lazy chunk.
 */
export function whenConsented(category: ConsentCategory, load: () => void): () => void {
  if (hasConsent(category)) {
    load();
    return () => {};
  }
  const unsubscribe = subscribeConsent(() => {
    if (hasConsent(category)) {
      unsubscribe();
      load();
    }
  });
  return unsubscribe;
}

/**
 * The analytics or heatmap script an admin configured (decision 0031). The server names it in a
 * <meta name="lu-analytics" content=URL data-category=Statistics|Marketing> tag only when one is
 * set; the script element is added once the visitor's consent includes that category, now or
 * when they change their choice later (no reload). Never before.
 */
export function loadAnalyticsAfterConsent(doc: Document = document): () => void {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${ANALYTICS_META_NAME}"]`);
  const category = meta?.dataset.category as ConsentCategory | undefined;
  if (!meta?.content || (category !== 'Statistics' && category !== 'Marketing')) return () => {};
  return whenConsented(category, () => {
    const script = doc.createElement('script');
    script.async = true;
    script.src = meta.content;
    doc.head.append(script);
  });
}
