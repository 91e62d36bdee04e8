import { SITE_NAME, type RouteDef } from '@landunits/domain';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/** The <head> tags of one page, from its route-table entry. */
export function renderHead(route: RouteDef, canonicalUrl: string, publicUrl: string): string {
  const title = escapeHtml(route.title);
  const description = escapeHtml(route.description);
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
  return tags.join('\n    ');
}
