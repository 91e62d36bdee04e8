import { PRIVATE_PREFIXES, ROUTES } from '@landunits/domain';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] as string);

/** Pages search engines may list: indexable and without path parameters. */
export function sitemapPaths(): string[] {
  return ROUTES.filter((r) => r.robots === 'index, follow' && !r.path.includes(':') && !r.devOnly).map((r) => r.path);
}

export function renderRobotsTxt(publicUrl: string): string {
  const disallow = [...PRIVATE_PREFIXES, '/api/'].map((p) => `Disallow: ${p}`);
  return ['User-agent: *', 'Allow: /', ...disallow, '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

/** `extraPaths`: pages with parameters that exist now, such as /news/category/{slug}. */
export function renderSitemap(publicUrl: string, extraPaths: readonly string[] = []): string {
  const urls = [...sitemapPaths(), ...extraPaths].map((p) => `  <url><loc>${escapeXml(`${publicUrl}${p}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
