/** Where the news pages' links lead: this site (react-router) or another one. */

/** A link of this site (react-router) rather than another one ('//host' is another site). */
export const isInternal = (link: string): boolean => link.startsWith('/') && !link.startsWith('//');

/** The host of an external link, shown so readers know where it leads; null when unreadable. */
export function hostOf(link: string): string | null {
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}
