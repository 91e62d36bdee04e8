import { FAQ_ENTRIES, SITE_NAME, SOCIAL_LINKS, routeDescription, type RouteDef } from '@landunits/domain';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/** JSON inside <script>: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * schema.org structured data for search results: the organisation on the home page, and the
 * questions of /faq (the same entries the page shows, from the domain package).
 */
export function structuredData(route: RouteDef, publicUrl: string): object | null {
  if (route.path === '/') {
    return {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: SITE_NAME,
      url: `${publicUrl}/`,
      logo: `${publicUrl}/og-image.png`,
      description: routeDescription(route),
      contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', url: `${publicUrl}/contact-us` },
      sameAs: SOCIAL_LINKS.map((link) => link.to),
    };
  }
  if (route.path === '/faq') {
    return {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: FAQ_ENTRIES.map((entry) => ({
        '@type': 'Question',
        name: entry.question,
        acceptedAnswer: { '@type': 'Answer', text: entry.answer.join('\n\n') },
      })),
    };
  }
  return null;
}

/** The <head> tags of one page, from its route-table entry. */
export function renderHead(route: RouteDef, canonicalUrl: string, publicUrl: string): string {
  const title = escapeHtml(route.title);
  const description = escapeHtml(routeDescription(route));
  const url = escapeHtml(canonicalUrl);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<link rel="canonical" href="${url}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    `<meta property="og:image" content="${escapeHtml(`${publicUrl}/og-image.png`)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
  ];
  if (route.robots !== 'index, follow') tags.push(`<meta name="robots" content="${route.robots}">`);
  const data = structuredData(route, publicUrl);
  if (data) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}
