import { readFileSync, statSync } from 'node:fs';
import { matchRoute, SITE_API, type NewsPage, type TeamMember } from '@landunits/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appState, newsCategories, newsItems, teamMembers } from '../../schema';
import { createTestApp, type TestContext } from '../../test/app';
import { DEMO_NEWS_CATEGORIES, DEMO_NEWS_ITEMS, DEMO_TEAM } from './demo-content';
import { seedSiteContent, SITE_CONTENT_SEEDED_NOTE } from '.';

/** Where the web app keeps the news images (Vite copies public/ into the served dist). */
const NEWS_MEDIA = new URL('../../../../web/public/media/news/', import.meta.url);

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  const db = ctx.database.db;
  await db.delete(newsItems);
  await db.delete(newsCategories);
  await db.delete(teamMembers);
  await db.delete(appState);
});

async function counts() {
  const db = ctx.database.db;
  const [categories] = await db.select({ n: count() }).from(newsCategories);
  const [items] = await db.select({ n: count() }).from(newsItems);
  const [team] = await db.select({ n: count() }).from(teamMembers);
  return { categories: categories?.n, items: items?.n, team: team?.n };
}

describe('seedSiteContent', () => {
  it('adds the demo categories, news and team once; a second run adds nothing', async () => {
    expect(await seedSiteContent(ctx.database.db)).toEqual([SITE_CONTENT_SEEDED_NOTE]);
    const first = await counts();
    expect(first).toEqual({ categories: DEMO_NEWS_CATEGORIES.length, items: DEMO_NEWS_ITEMS.length, team: 7 });
    expect(await seedSiteContent(ctx.database.db)).toEqual([]);
    expect(await counts()).toEqual(first);
  });

  it('adds it to a database whose demo content was seeded before the website had news', async () => {
    await ctx.database.db.insert(appState).values({ key: 'demo_seeded_at', value: '2026-01-01T00:00:00.000Z' });
    expect(await seedSiteContent(ctx.database.db)).toEqual([SITE_CONTENT_SEEDED_NOTE]);
    expect((await counts()).items).toBe(DEMO_NEWS_ITEMS.length);
  });

  it('adds it once when two starts run at the same time', async () => {
    const results = await Promise.all([seedSiteContent(ctx.database.db), seedSiteContent(ctx.database.db)]);
    expect(results.flat()).toEqual([SITE_CONTENT_SEEDED_NOTE]);
    expect(await counts()).toEqual({ categories: DEMO_NEWS_CATEGORIES.length, items: DEMO_NEWS_ITEMS.length, team: 7 });
  });

  it('leaves an existing team alone', async () => {
    await ctx.database.db.insert(teamMembers).values({ name: 'Real Person', role: 'CEO' });
    await seedSiteContent(ctx.database.db);
    expect(await counts()).toMatchObject({ items: DEMO_NEWS_ITEMS.length, team: 1 });
  });

  it('serves the seeded news and team through the public API, marked as demo', async () => {
    await seedSiteContent(ctx.database.db);
    const news = (await ctx.app.inject({ method: 'GET', url: SITE_API.news })).json<NewsPage>();
    expect(news.totalItems).toBe(DEMO_NEWS_ITEMS.length);
    expect(news.items.every((item) => item.isDemo)).toBe(true);
    const dates = news.items.map((item) => item.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());

    const categories = (await ctx.app.inject({ method: 'GET', url: SITE_API.newsCategories })).json();
    expect(categories).toEqual(DEMO_NEWS_CATEGORIES.map(({ name, slug }) => ({ name, slug })));

    const team = (await ctx.app.inject({ method: 'GET', url: SITE_API.team })).json<TeamMember[]>();
    expect(team.map((member) => member.role)).toEqual(['CEO', 'Head of Land Management', 'Chief Financial Officer', 'Head of Compliance', 'Head of Engineering', 'Community Manager', 'Head of Sales']);
    expect(team.every((member) => member.isDemo && member.bio.length > 0)).toBe(true);
  });
});

describe('the demo content', () => {
  it('dates every item in 2025–2026, before 21 November 2026, in a category that exists', () => {
    const slugs = new Set(DEMO_NEWS_CATEGORIES.map((c) => c.slug));
    for (const item of DEMO_NEWS_ITEMS) {
      expect(slugs.has(item.category)).toBe(true);
      expect(item.publishedAt >= '2025-01-01' && item.publishedAt < '2026-11-21').toBe(true);
      expect(new Date(item.publishedAt).toISOString()).toBe(item.publishedAt);
    }
    expect(new Set(DEMO_NEWS_ITEMS.map((item) => item.title)).size).toBe(DEMO_NEWS_ITEMS.length);
    for (const category of slugs) expect(DEMO_NEWS_ITEMS.some((item) => item.category === category)).toBe(true);
  });

  it('links every item to a public page of this site', () => {
    for (const item of DEMO_NEWS_ITEMS) {
      const match = matchRoute(item.link);
      expect(match, item.link).toBeDefined();
      expect(match?.route.access, item.link).toBe('public');
      if (match?.params.slug !== undefined) expect(DEMO_NEWS_CATEGORIES.map((c) => c.slug)).toContain(match.params.slug);
    }
  });

  it('illustrates every item with a small landscape SVG the site serves, described in its alt text', () => {
    for (const item of DEMO_NEWS_ITEMS) {
      expect(item.image).toMatch(/^\/media\/news\/[a-z0-9-]+\.svg$/);
      expect(item.imageAlt.length).toBeGreaterThan(15);
      const file = new URL(item.image.slice('/media/news/'.length), NEWS_MEDIA);
      expect(statSync(file).size).toBeLessThan(8_000);
      const svg = readFileSync(file, 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 640 360" width="640" height="360">/);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      // Nothing active in an image the site serves.
      expect(svg).not.toMatch(/<script|on\w+=|href=|<foreignObject/i);
    }
  });

  it('has seven invented people with distinct roles', () => {
    expect(DEMO_TEAM).toHaveLength(7);
    expect(new Set(DEMO_TEAM.map((member) => member.role)).size).toBe(7);
    expect(new Set(DEMO_TEAM.map((member) => member.name)).size).toBe(7);
  });
});
