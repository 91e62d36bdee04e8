import { findRoute, type NewsCategory, type NewsPage } from '@landunits/domain';
import { describe, expect, it } from 'vitest';
import { SITE_QUERIES, ssrQueries } from '../features/site-content/site-queries';
import { siteStatistics } from '../test/site-fixtures';
import { renderPage } from './entry-server';
import * as layout from './layouts/layout.module.css';

/**
 * The server's render of public pages (entry-server.tsx): the HTML carries the whole page, drawn
 * with the data it was given, with no inline script or style (the CSP blocks both). That the
 * browser then takes the page over without redrawing it (no hydration error, one h1) is checked
 * in a real browser by e2e/tests/public-site.spec.ts: here both renderers would share one process.
 */

const STATISTICS = siteStatistics();

const CATEGORIES: NewsCategory[] = [{ name: 'Land projects', slug: 'land-projects' }];
const NEWS: NewsPage = {
  items: [
    {
      id: 1,
      title: 'A new hedgerow on the north field',
      desc: 'Two kilometres of hawthorn and hazel planted with the village school.',
      image: '/media/news/hedgerow.svg',
      imageAlt: 'A hedgerow between two fields',
      link: '/statistics',
      hasBody: false,
      publishedAt: '2026-10-02T09:00:00.000Z',
      category: CATEGORIES[0]!,
      isDemo: true,
    },
  ],
  page: 1,
  pageSize: 12,
  totalItems: 1,
  totalPages: 1,
  category: null,
};

/** The API's answers for a page's queries, as the server would fetch them. */
function answersFor(routePath: string) {
  const answers = new Map<string, unknown>([
    [JSON.stringify(SITE_QUERIES.statistics().queryKey), STATISTICS],
    [JSON.stringify(SITE_QUERIES.newsCategories().queryKey), CATEGORIES],
    [JSON.stringify(SITE_QUERIES.news(null, 1).queryKey), NEWS],
  ]);
  return ssrQueries(routePath, {}, '').map((q) => ({ queryKey: q.queryKey, data: answers.get(JSON.stringify(q.queryKey)) }));
}

describe('server render of public pages', () => {
  it.each([
    ['/', 'Units backed by land that is cared for'],
    ['/faq', 'Frequently asked questions'],
    ['/news', 'News'],
    ['/terms-and-conditions', 'Terms and conditions'],
    ['/about-us', 'About us'],
  ])('%s: the whole page, header to footer, with no inline script or style', async (url, heading) => {
    const { html } = await renderPage({ url, data: answersFor(url) });

    expect(html).toContain(`>${heading}</h1>`);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toMatch(/<header class="[^"]*"><div class="[^"]*"><a [^>]*href="\/"/);
    expect(html).toContain(`<footer class="${layout.siteFooter}"`);
    // No section left behind a loading state to be moved in place by a script later.
    expect(html).not.toMatch(/<script|<template|\sstyle="|hidden id="S:|<!--\$\?-->/);
  });

  it('draws the data it was given and hands the browser the same data', async () => {
    const home = await renderPage({ url: '/', data: answersFor('/') });
    expect(home.html).toContain('£8,473,900.00');
    const news = await renderPage({ url: '/news', data: answersFor('/news') });
    expect(news.html).toContain('A new hedgerow on the north field');
    const state = JSON.parse(news.state) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    const newsQuery = state.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(['site', 'news', null, 1]));
    expect(newsQuery?.state.data).toEqual(NEWS);
  });

  it('renders a page whose data is missing in its loading state rather than failing', async () => {
    const { html } = await renderPage({ url: '/fees', data: [] });
    expect(html).toContain('>Fees</h1>');
    expect(html).not.toMatch(/\sstyle="/);
  });

  it('renders every visitor the signed-out header, so one render serves everyone', async () => {
    const { html } = await renderPage({ url: '/faq', data: [] });
    expect(html).toContain('Log in');
    expect(html).not.toContain('Logout');
    expect(html).toContain(`class="${layout.siteHeaderInner}"><a`);
    expect(findRoute('/faq').access).toBe('public');
  });

  it('hides the header links (keeping their space) for a visitor with the signed-in hint, until the session is known', async () => {
    const { html } = await renderPage({ url: '/faq', data: [], signedInHint: true });
    expect(html).toContain(`class="${layout.siteHeaderInner}" aria-busy="true"`);
    expect(html).not.toContain('Logout');
    expect(html).toContain('>Frequently asked questions</h1>');
  });
});
