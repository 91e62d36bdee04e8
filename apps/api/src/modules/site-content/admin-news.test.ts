import { FILE_MESSAGES, SITE_API, type NewsArticle, type NewsPage } from '@landunits/domain';
import { CONTENT_MESSAGES as M, type AdminNewsItem } from '@landunits/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsItems } from '../../schema';
import { DAY, ManualClock } from '../../platform/clock';
import { VALIDATION_MESSAGE } from '../../platform/http/app-error';
import { createTestApp, type TestContext } from '../../test/app';
import { pdf } from '../../test/documents';
import { storedFiles } from '../../test/multipart';
import { addCategory, adminSessions, article, auditCount, auditOf, caller, uploadPng, type Sessions } from './test/content-helpers';

/**
 * The admin's news (decision 0020): validation with the shared messages, drafts and future dates
 * kept off the site, publish and unpublish, one audit row per change with before and after, and
 * the picture upload that takes only images.
 */

const clock = new ManualClock(new Date('2026-05-04T09:00:00Z'));
let ctx: TestContext;
let admins: Sessions;
let call: ReturnType<typeof caller>;
let rivers: number;
let image: { id: string; url: string };

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  admins = await adminSessions(ctx, 'news');
  call = caller(ctx);
  rivers = await addCategory(ctx, 'Rivers', 'rivers');
  image = await uploadPng(ctx, admins.OWNER);
});
afterAll(() => ctx.close());

const NEWS = '/api/admin/site/news';
const publicIds = async (url: string = SITE_API.news) => (await call.get(url)).json<NewsPage>().items.map((item) => item.id);

async function create(extra: Record<string, unknown> = {}, session = admins.OWNER): Promise<AdminNewsItem> {
  const res = await call.post(NEWS, session, article(rivers, image.id, extra));
  expect(res.statusCode, res.body).toBe(201);
  // The audit rows of one article follow each other in time.
  clock.advance(1000);
  return res.json().item as AdminNewsItem;
}

describe('the picture upload', () => {
  it('stores a PNG re-encoded and serves it publicly, inline, cached for a year under the hash of its content', async () => {
    const res = await call.get(image.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers.etag).toBe(`"${image.id}"`);
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(image.url).toBe(`${SITE_API.images}/${image.id}`);
    const again = await ctx.app.inject({ method: 'GET', url: image.url, headers: { 'if-none-match': `"${image.id}"` } });
    expect(again.statusCode).toBe(304);
    const [row] = await auditOf(ctx, 'siteImage', image.id);
    expect(row).toMatchObject({ action: 'siteImage.upload', actorRole: 'OWNER', before: null, after: { contentType: 'image/png', filename: 'picture.png' } });
  });

  it('refuses what is not a JPEG or PNG picture, keeping nothing', async () => {
    const before = await storedFiles(ctx);
    const audits = await auditCount(ctx);
    for (const part of [
      { filename: 'report.pdf', type: 'application/pdf', content: pdf() },
      { filename: 'photo.png', type: 'image/png', content: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
      { filename: 'photo.svg', type: 'image/svg+xml', content: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
    ]) {
      const res = await call.upload(admins.SUPPORT, [{ name: 'image', ...part }]);
      expect(res.statusCode, part.filename).toBe(400);
      expect(res.json()).toEqual({ message: FILE_MESSAGES.imageOnly, code: 'VALIDATION_FAILED', errors: { image: FILE_MESSAGES.imageOnly } });
    }
    expect(await storedFiles(ctx)).toEqual(before);
    expect(await auditCount(ctx)).toBe(audits);
  });

  it('answers the same image for the same picture uploaded again, keeping one copy and no second audit row', async () => {
    const before = await storedFiles(ctx);
    expect(await uploadPng(ctx, admins.SUPPORT)).toEqual(image);
    expect(await storedFiles(ctx)).toEqual(before);
    expect(await auditOf(ctx, 'siteImage', image.id)).toHaveLength(1);
  });

  it('serves no other stored file and nothing by a made-up name', async () => {
    for (const id of ['0'.repeat(64), 'site-image', '..%2F..%2Fconfig', image.id.toUpperCase()]) {
      expect((await call.get(`${SITE_API.images}/${id}`)).statusCode, id).toBe(404);
    }
  });
});

describe('validation', () => {
  it('answers every field’s message from the shared schema', async () => {
    const res = await call.post(NEWS, admins.OWNER, { body: '', link: '', status: 'live', publishedAt: 'tomorrow' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: VALIDATION_MESSAGE,
      errors: {
        title: M.titleRequired,
        description: M.descriptionRequired,
        categoryId: M.categoryRequired,
        imageId: M.imageRequired,
        imageAlt: M.imageAltRequired,
        status: M.statusInvalid,
        publishedAt: M.publishedAtInvalid,
      },
    });
  });

  it.each([
    [{ body: '', link: '' }, 'body', M.readMoreNeeded],
    [{ link: 'javascript:alert(1)' }, 'link', M.linkInvalid],
    [{ link: '//evil.example/page' }, 'link', M.linkInvalid],
    [{ link: 'http://example.com/plain' }, 'link', M.linkInvalid],
    [{ imageAlt: '   ' }, 'imageAlt', M.imageAltRequired],
    [{ title: 'x'.repeat(151) }, 'title', M.titleMax],
    [{ imageId: 'f'.repeat(64) }, 'imageId', M.imageUnknown],
    [{ categoryId: 999_999 }, 'categoryId', M.categoryUnknown],
    [{ imageId: null }, 'imageId', M.imageRequired],
  ])('refuses %j on its field and writes nothing', async (extra, field, message) => {
    const audits = await auditCount(ctx);
    const res = await call.post(NEWS, admins.OWNER, article(rivers, image.id, extra));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
    expect(await auditCount(ctx)).toBe(audits);
  });

  it('refuses fields the schema does not know, such as a demo flag', async () => {
    const res = await call.post(NEWS, admins.OWNER, { ...article(rivers, image.id), isDemo: true });
    expect(res.statusCode).toBe(400);
  });
});

describe('drafts, publishing and the public pages', () => {
  it('keeps a draft off /news, its category and its article address; publishing shows it everywhere', async () => {
    const draft = await create({ title: 'A draft about otters' });
    expect(draft).toMatchObject({ status: 'draft', state: 'draft', publishedAt: null, image: image.url, isDemo: false });
    expect(await publicIds()).not.toContain(draft.id);
    expect(await publicIds(`${SITE_API.news}?category=rivers`)).not.toContain(draft.id);
    expect((await call.get(`${SITE_API.article}/${draft.id}`)).statusCode).toBe(404);

    const published = await call.post(`${NEWS}/${draft.id}/publish`, admins.SUPPORT);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().item).toMatchObject({ status: 'published', state: 'published', publishedAt: clock.now().toISOString() });
    expect(await publicIds()).toContain(draft.id);
    expect(await publicIds(`${SITE_API.news}?category=rivers`)).toContain(draft.id);
    const shown = (await call.get(SITE_API.news)).json<NewsPage>().items.find((item) => item.id === draft.id);
    expect(shown).toMatchObject({ image: image.url, imageAlt: 'An otter on a mossy riverbank', hasBody: true, link: null, isDemo: false });
    const page = await call.get(`${SITE_API.article}/${draft.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<NewsArticle>().body).toBe('The survey team found fresh tracks.\n\nLocal volunteers helped plant the reeds.');

    // Publishing again changes nothing and records nothing.
    await call.post(`${NEWS}/${draft.id}/publish`, admins.OWNER);
    const rows = await auditOf(ctx, 'newsItem', draft.id);
    expect(rows.map((r) => [r.action, r.actorRole])).toEqual([
      ['news.create', 'OWNER'],
      ['news.publish', 'SUPPORT'],
    ]);
    expect(rows[0]?.before).toBeNull();
    expect(rows[0]?.after).toMatchObject({ title: 'A draft about otters', status: 'draft', imageId: image.id, categoryId: rivers });
    expect(rows[1]).toMatchObject({ before: { status: 'draft', publishedAt: null }, after: { status: 'published', publishedAt: clock.now().toISOString() } });

    clock.advance(1000);
    const unpublished = await call.post(`${NEWS}/${draft.id}/unpublish`, admins.OWNER);
    expect(unpublished.json().item).toMatchObject({ status: 'draft', state: 'draft' });
    expect(await publicIds()).not.toContain(draft.id);
    expect((await auditOf(ctx, 'newsItem', draft.id)).at(-1)).toMatchObject({ action: 'news.unpublish', before: { status: 'published' }, after: { status: 'draft' } });
  });

  it('keeps an article published with a date still to come off the site until that moment', async () => {
    const at = new Date(clock.now().getTime() + DAY);
    const item = await create({ title: 'Tomorrow’s news', status: 'published', publishedAt: at.toISOString() });
    expect(item).toMatchObject({ status: 'published', state: 'scheduled', publishedAt: at.toISOString() });
    expect(await publicIds()).not.toContain(item.id);
    expect((await call.get(`${SITE_API.article}/${item.id}`)).statusCode).toBe(404);
    const scheduled = (await call.get(`${NEWS}?state=scheduled`, admins.OWNER)).json().items.map((i: AdminNewsItem) => i.id);
    expect(scheduled).toEqual([item.id]);

    clock.advance(DAY);
    expect(await publicIds()).toContain(item.id);
    expect((await call.get(`${SITE_API.article}/${item.id}`)).statusCode).toBe(200);
  });

  it('updates an article with one audit row of before and after; saving it unchanged records nothing', async () => {
    const item = await create({ title: 'Before the edit', status: 'published' });
    const other = await uploadPng(ctx, admins.OWNER, '#a0522d');
    const body = article(rivers, other.id, { title: 'After the edit', status: 'published', publishedAt: item.publishedAt, link: 'https://example.org/otters' });
    const res = await call.put(`${NEWS}/${item.id}`, admins.SUPPORT, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ title: 'After the edit', image: other.url, link: 'https://example.org/otters', publishedAt: item.publishedAt });
    expect(await call.put(`${NEWS}/${item.id}`, admins.SUPPORT, body).then((r) => r.statusCode)).toBe(200);
    const rows = await auditOf(ctx, 'newsItem', item.id);
    expect(rows.map((r) => r.action)).toEqual(['news.create', 'news.update']);
    expect(rows[1]?.before).toMatchObject({ title: 'Before the edit', imageId: image.id, link: null });
    expect(rows[1]?.after).toMatchObject({ title: 'After the edit', imageId: other.id, link: 'https://example.org/otters' });
  });

  it('deletes an article, keeping its last content in the audit row', async () => {
    const item = await create({ title: 'To be deleted', status: 'published' });
    const res = await call.del(`${NEWS}/${item.id}`, admins.OWNER);
    expect(res.statusCode).toBe(200);
    expect(await publicIds()).not.toContain(item.id);
    expect((await call.get(`${NEWS}/${item.id}`, admins.OWNER)).statusCode).toBe(404);
    expect((await call.del(`${NEWS}/${item.id}`, admins.OWNER)).statusCode).toBe(404);
    expect((await auditOf(ctx, 'newsItem', item.id)).at(-1)).toMatchObject({ action: 'news.delete', before: { title: 'To be deleted' }, after: null });
  });

  it('makes a demo article the operator’s own once its content is changed', async () => {
    const [demo] = await ctx.database.db
      .insert(newsItems)
      .values({ categoryId: rivers, title: 'Demo river', description: 'Demo', image: '/media/news/river.svg', imageAlt: 'A river', link: '/statistics', publishedAt: clock.now(), isDemo: true })
      .returning({ id: newsItems.id });
    const keep = {
      title: 'Demo river',
      description: 'Demo',
      body: '',
      categoryId: rivers,
      imageId: null,
      imageAlt: 'A river',
      link: '/statistics',
      status: 'published',
      publishedAt: clock.now().toISOString(),
    };
    const same = await call.put(`${NEWS}/${demo!.id}`, admins.OWNER, keep);
    expect(same.json().item).toMatchObject({ isDemo: true, image: '/media/news/river.svg' });
    const changed = await call.put(`${NEWS}/${demo!.id}`, admins.OWNER, { ...keep, title: 'Our river' });
    expect(changed.json().item).toMatchObject({ isDemo: false, image: '/media/news/river.svg', title: 'Our river' });
    const shown = (await call.get(`${SITE_API.article}/${demo!.id}`)).json<NewsArticle>();
    expect(shown).toMatchObject({ isDemo: false, title: 'Our river' });
  });
});
