import { PRIVATE_PREFIXES, ROUTES } from '@landunits/domain';

/** Pages search engines may list: indexable and without path parameters. */
export function sitemapPaths(): string[] {
  return ROUTES.filter((r) => r.robots === 'index, follow' && !r.path.includes(':') && !r.devOnly).map((r) => r.path);
}

export function renderRobotsTxt(publicUrl: string): string {
  const disallow = [...PRIVATE_PREFIXES, '/api/'].map((p) => `Disallow: ${p}`);
  return ['User-agent: *', 'Allow: /', ...disallow, '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

export function renderSitemap(publicUrl: string): string {
  const urls = sitemapPaths().map((p) => `  <url><loc>${publicUrl}${p === '/' ? '/' : p}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
