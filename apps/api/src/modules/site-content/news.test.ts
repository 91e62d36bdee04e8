import { NEWS_PAGE_SIZE, SITE_API, type NewsCategory, type NewsPage, type TeamMember } from '@landunits/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsCategories, newsItems, teamMembers } from '../../schema';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { createTestApp, type TestContext } from '../../test/app';
import { NEWS_MESSAGES, PUBLIC_CACHE } from '.';

let ctx: TestContext;
/** Category id by slug, as inserted. */
const categoryIds = new Map<string, number>();

/** Every inserted item with its category slug, for working out the expected pages by hand. */
const inserted: { id: number; slug: string; publishedAt: Date }[] = [];

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2025, 0, 10, 8, 0, 0);

async function addCategory(name: string, slug: string, position: number): Promise<void> {
  const [row] = await ctx.database.db.insert(newsCategories).values({ name, slug, position }).returning({ id: newsCategories.id });
  if (!row) throw new Error('no category');
  categoryIds.set(slug, row.id);
}

async function addItem(slug: string, publishedAt: Date, title: string): Promise<void> {
  const categoryId = categoryIds.get(slug);
  if (categoryId === undefined) throw new Error(`no category ${slug}`);
  const [row] = await ctx.database.db
    .insert(newsItems)
    .values({ categoryId, title, description: `About ${title}`, image: '/media/news/forest.svg', imageAlt: 'A forest', link: '/statistics', publishedAt })
    .returning({ id: newsItems.id });
  if (!row) throw new Error('no item');
  inserted.push({ id: row.id, slug, publishedAt });
}

/** Newest first by published_at, then id: worked out here independently of the SQL. */
function expectedOrder(slug?: string): number[] {
  return inserted
    .filter((item) => slug === undefined || item.slug === slug)
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id)
    .map((item) => item.id);
}

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

beforeAll(async () => {
  ctx = await createTestApp();
  // Positions out of insertion order; two categories share a position (then the first added comes first).
  await addCategory('Company news', 'company-news', 3);
  await addCategory('Land projects', 'land-projects', 1);
  await addCategory('Environment', 'environment', 2);
  await addCategory('Events', 'events', 2);
  // 27 items, inserted out of date order, spread over the three first categories; two pairs share
  // a published_at so the id decides.
  const slugs = ['land-projects', 'environment', 'company-news'];
  const order = [5, 17, 0, 22, 9, 13, 1, 26, 3, 20, 11, 7, 15, 24, 2, 19, 8, 12, 25, 4, 16, 21, 6, 10, 18, 14, 23];
  for (const n of order) {
    const day = n === 23 ? 22 : n === 11 ? 10 : n;
    await addItem(slugs[n % 3] as string, new Date(FIRST_DAY + day * 7 * DAY_MS), `Item ${n}`);
  }
  await ctx.database.db.insert(teamMembers).values([
    { name: 'Third Person', role: 'Head of Sales', position: 3, isDemo: true },
    { name: 'First Person', role: 'CEO', bio: 'Leads the company.', position: 1 },
    { name: 'Second Person', role: 'Head of Land Management', position: 2, isDemo: true },
  ]);
});
afterAll(() => ctx.close());

describe('GET /api/site/news/categories', () => {
  it('lists the categories in position order, publicly cacheable', async () => {
    const res = await get(SITE_API.newsCategories);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
    expect(res.json<NewsCategory[]>()).toEqual([
      { name: 'Land projects', slug: 'land-projects' },
      { name: 'Environment', slug: 'environment' },
      { name: 'Events', slug: 'events' },
      { name: 'Company news', slug: 'company-news' },
    ]);
  });
});

describe('GET /api/site/news', () => {
  it('answers the first page of all news, newest first, with the totals', async () => {
    const res = await get(SITE_API.news);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
    const page = res.json<NewsPage>();
    expect(page).toMatchObject({ page: 1, pageSize: NEWS_PAGE_SIZE, totalItems: 27, totalPages: 3, category: null });
    expect(page.items.map((item) => item.id)).toEqual(expectedOrder().slice(0, 12));
    // The shape of one item, down to the category it belongs to.
    const newest = inserted.find((item) => item.id === page.items[0]?.id);
    expect(page.items[0]).toEqual({
      id: newest?.id,
      title: 'Item 26',
      desc: 'About Item 26',
      image: '/media/news/forest.svg',
      imageAlt: 'A forest',
      link: '/statistics',
      hasBody: false,
      publishedAt: new Date(FIRST_DAY + 26 * 7 * DAY_MS).toISOString(),
      category: { name: 'Company news', slug: 'company-news' },
      isDemo: false,
    });
  });

  it('breaks a tie of published_at by the newer id', async () => {
    const ids = expectedOrder();
    const tied = inserted.filter((item) => item.publishedAt.getTime() === FIRST_DAY + 22 * 7 * DAY_MS).map((item) => item.id);
    expect(tied).toHaveLength(2);
    const all = [...(await get(`${SITE_API.news}?page=1`)).json<NewsPage>().items, ...(await get(`${SITE_API.news}?page=2`)).json<NewsPage>().items];
    const positions = tied.map((id) => all.findIndex((item) => item.id === id));
    expect(positions[1]).toBe(positions[0]! - 1);
    expect(all.map((item) => item.id)).toEqual(ids.slice(0, 24));
  });

  it('pages through to the last, partial page', async () => {
    const seen: number[] = [];
    for (const n of [1, 2, 3]) {
      const page = (await get(`${SITE_API.news}?page=${n}`)).json<NewsPage>();
      expect(page.page).toBe(n);
      expect(page.items).toHaveLength(n < 3 ? 12 : 3);
      seen.push(...page.items.map((item) => item.id));
    }
    expect(seen).toEqual(expectedOrder());
  });

  it('answers a page past the end with no items and the right totals', async () => {
    for (const n of [4, 1_000_000]) {
      const res = await get(`${SITE_API.news}?page=${n}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [], page: n, pageSize: NEWS_PAGE_SIZE, totalItems: 27, totalPages: 3, category: null });
    }
  });

  it('filters by category, with the category in the answer', async () => {
    const res = await get(`${SITE_API.news}?category=environment`);
    expect(res.statusCode).toBe(200);
    const page = res.json<NewsPage>();
    expect(page).toMatchObject({ page: 1, totalItems: 9, totalPages: 1, category: { name: 'Environment', slug: 'environment' } });
    expect(page.items.map((item) => item.id)).toEqual(expectedOrder('environment'));
    expect(new Set(page.items.map((item) => item.category.slug))).toEqual(new Set(['environment']));
  });

  it('answers an existing category without news with an empty page', async () => {
    const res = await get(`${SITE_API.news}?category=events&page=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], page: 1, pageSize: NEWS_PAGE_SIZE, totalItems: 0, totalPages: 0, category: { name: 'Events', slug: 'events' } });
  });

  it('treats an empty category as all news, as the web client leaves it out', async () => {
    const page = (await get(`${SITE_API.news}?category=&page=3`)).json<NewsPage>();
    expect(page).toMatchObject({ category: null, totalItems: 27, page: 3 });
  });

  it('answers 404 with a clear message for a category that does not exist', async () => {
    for (const slug of ['gardening', 'Environment', 'environment%20', '..%2Fadmin', '%27%20or%201%3D1--']) {
      const res = await get(`${SITE_API.news}?category=${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: NEWS_MESSAGES.categoryUnknown, code: 'NOT_FOUND' });
      expect(res.headers['cache-control']).not.toBe(PUBLIC_CACHE);
    }
  });

  it.each(['0', '-1', '1.5', 'abc', '1e3', '0x10', '+2', '%202', '', '1000001', '99999999999999999999'])('refuses page=%s with 400 in the error shape', async (page) => {
    const res = await get(`${SITE_API.news}?page=${page}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: VALIDATION_MESSAGE, code: 'VALIDATION_FAILED', errors: { page: NEWS_MESSAGES.pageInvalid } });
    expect(res.headers['cache-control']).not.toBe(PUBLIC_CACHE);
  });

  it('refuses a repeated page parameter', async () => {
    const res = await get(`${SITE_API.news}?page=1&page=2`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { page: NEWS_MESSAGES.pageInvalid } });
  });
});

describe('GET /api/site/team', () => {
  it('lists the team in position order with roles, publicly cacheable', async () => {
    const res = await get(SITE_API.team);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
    const team = res.json<TeamMember[]>();
    expect(team.map(({ name, role, bio, photo, isDemo }) => ({ name, role, bio, photo, isDemo }))).toEqual([
      { name: 'First Person', role: 'CEO', bio: 'Leads the company.', photo: null, isDemo: false },
      { name: 'Second Person', role: 'Head of Land Management', bio: '', photo: null, isDemo: true },
      { name: 'Third Person', role: 'Head of Sales', bio: '', photo: null, isDemo: true },
    ]);
    expect(team.every((member) => Number.isSafeInteger(member.id))).toBe(true);
  });
});
