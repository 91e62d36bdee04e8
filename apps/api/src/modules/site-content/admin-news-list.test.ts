import type { AdminNewsItem } from '@landunits/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, ManualClock } from '../../platform/clock';
import { createTestApp, type TestContext } from '../../test/app';
import { addCategory, adminSessions, article, caller, uploadPng, type Sessions } from './test/content-helpers';

/** The admin's news table: paged, filtered and sorted by the server (decision 0020). */

const clock = new ManualClock(new Date('2026-05-04T09:00:00Z'));
let ctx: TestContext;
let admins: Sessions;
let call: ReturnType<typeof caller>;
const ids: Record<string, number> = {};
let forests: number;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  admins = await adminSessions(ctx, 'list');
  call = caller(ctx);
  const rivers = await addCategory(ctx, 'Rivers', 'rivers');
  forests = await addCategory(ctx, 'Forests', 'forests');
  const image = await uploadPng(ctx, admins.OWNER);
  const day = (n: number) => new Date(clock.now().getTime() + n * DAY).toISOString();
  const items: [string, number, Record<string, unknown>][] = [
    ['Beavers build a dam', rivers, { status: 'published', publishedAt: day(-3) }],
    ['Acorns planted by hand', forests, { status: 'published', publishedAt: day(-1) }],
    ['Coppicing explained', forests, { status: 'draft', publishedAt: null }],
    ['Dragonflies counted', rivers, { status: 'published', publishedAt: day(2), description: 'Fifty per cent more than last summer.' }],
    ['Eels come back 100%', rivers, { status: 'draft', publishedAt: day(-2) }],
  ];
  for (const [title, category, extra] of items) {
    const res = await call.post('/api/admin/site/news', admins.OWNER, article(category, image.id, { title, ...extra }));
    expect(res.statusCode, res.body).toBe(201);
    ids[title] = res.json().item.id as number;
    clock.advance(60_000);
  }
});
afterAll(() => ctx.close());

async function list(query: string) {
  const res = await call.get(`/api/admin/site/news?${query}`, admins.SUPPORT);
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as { items: AdminNewsItem[]; total: number; page: number; pageSize: number };
  return { ...page, titles: page.items.map((item) => item.title) };
}

describe('GET /api/admin/site/news', () => {
  it('lists drafts and scheduled articles too, newest publish date first, undated drafts last', async () => {
    const page = await list('');
    expect(page.total).toBe(5);
    expect(page.titles).toEqual(['Dragonflies counted', 'Acorns planted by hand', 'Eels come back 100%', 'Beavers build a dam', 'Coppicing explained']);
    expect(page.items.map((item) => item.state)).toEqual(['scheduled', 'published', 'draft', 'published', 'draft']);
  });

  it('pages on the server', async () => {
    const first = await list('pageSize=2&page=1');
    const third = await list('pageSize=2&page=3');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2, titles: ['Dragonflies counted', 'Acorns planted by hand'] });
    expect(third.titles).toEqual(['Coppicing explained']);
    expect((await list('pageSize=2&page=9')).titles).toEqual([]);
  });

  it('filters by state, category and words of the title or summary', async () => {
    expect((await list('state=draft')).titles.sort()).toEqual(['Coppicing explained', 'Eels come back 100%']);
    expect((await list('state=published')).titles).toEqual(['Acorns planted by hand', 'Beavers build a dam']);
    expect((await list('state=scheduled')).titles).toEqual(['Dragonflies counted']);
    expect((await list(`category=${forests}`)).titles).toEqual(['Acorns planted by hand', 'Coppicing explained']);
    expect((await list('q=fifty%20PER')).titles).toEqual(['Dragonflies counted']);
    expect((await list('q=100%25')).titles).toEqual(['Eels come back 100%']);
    expect((await list('q=_')).titles).toEqual([]);
    expect((await list(`state=draft&category=${forests}&q=copp`)).titles).toEqual(['Coppicing explained']);
  });

  it('sorts by title, category or last change, either way', async () => {
    expect((await list('sort=title&dir=asc')).titles).toEqual(['Acorns planted by hand', 'Beavers build a dam', 'Coppicing explained', 'Dragonflies counted', 'Eels come back 100%']);
    expect((await list('sort=title&dir=desc')).titles[0]).toBe('Eels come back 100%');
    expect((await list('sort=category&dir=asc')).items.map((item) => item.category.slug)).toEqual(['forests', 'forests', 'rivers', 'rivers', 'rivers']);
    expect((await list('sort=updatedAt&dir=desc')).titles[0]).toBe('Eels come back 100%');
    expect((await list('sort=publishedAt&dir=asc')).titles).toEqual(['Beavers build a dam', 'Eels come back 100%', 'Acorns planted by hand', 'Dragonflies counted', 'Coppicing explained']);
  });

  it.each(['sort=body', 'dir=up', 'state=live', 'page=0', 'pageSize=101', 'category=abc', 'unknown=1'])('refuses %s with 400', async (query) => {
    expect((await call.get(`/api/admin/site/news?${query}`, admins.OWNER)).statusCode).toBe(400);
  });

  it('is only for roles with content.manage', async () => {
    expect((await call.get('/api/admin/site/news', admins.FINANCE)).statusCode).toBe(403);
    expect((await call.get('/api/admin/site/news', admins.COMPLIANCE)).statusCode).toBe(403);
    expect((await call.get('/api/admin/site/news')).statusCode).toBe(401);
  });
});
