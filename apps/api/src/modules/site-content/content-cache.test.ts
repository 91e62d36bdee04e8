import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { addCategory, adminSessions, article, caller, uploadPng, type Sessions } from './test/content-helpers';

/**
 * The server-rendered pages follow an admin's change at once (decision 0020): a stand-in for the
 * web app's server build draws the titles and names it was given, and the pages are asked for
 * again right after each change, well within the minute they are otherwise kept.
 */
const FAKE_RENDERER = `
globalThis.__contentRenders ??= 0;
export function ssrQueries(routePath, params) {
  if (routePath === '/news') return [{ queryKey: ['news'], path: '/site/news' }];
  if (routePath === '/news/category/:slug') return [{ queryKey: ['news', params.slug], path: '/site/news', query: { category: params.slug } }];
  if (routePath === '/team') return [{ queryKey: ['team'], path: '/site/team' }];
  return [];
}
export function siteQueryUrl(q) {
  return '/api' + q.path + (q.query ? '?' + new URLSearchParams(q.query).toString() : '');
}
export async function renderPage(input) {
  globalThis.__contentRenders += 1;
  const data = input.data[0] ? input.data[0].data : null;
  const names = Array.isArray(data) ? data.map((m) => m.name) : data ? data.items.map((i) => i.title) : [];
  return { html: '<ul>' + names.map((n) => '<li>' + n + '</li>').join('') + '</ul>', state: '{}' };
}
`;

let root: string;
let ctx: TestContext;
let admins: Sessions;
let call: ReturnType<typeof caller>;
const renders = () => (globalThis as unknown as { __contentRenders: number }).__contentRenders;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'lu-content-ssr-'));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), FAKE_RENDERER);
  ctx = await createTestApp({ WEB_DIST_DIR: path.join(root, 'dist') });
  admins = await adminSessions(ctx, 'cache');
  call = caller(ctx);
});
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

describe('server-rendered pages after an admin change', () => {
  it('shows a newly published article on /news and its category page on the next request', async () => {
    const category = await addCategory(ctx, 'Meadows', 'meadows');
    const image = await uploadPng(ctx, admins.OWNER);
    expect((await call.get('/news')).body).toContain('<ul></ul>');
    expect((await call.get('/news/category/meadows')).body).toContain('<ul></ul>');
    const kept = renders();
    await call.get('/news');
    expect(renders()).toBe(kept);

    const created = await call.post('/api/admin/site/news', admins.SUPPORT, article(category, image.id, { title: 'Wildflowers are back' }));
    const id = created.json().item.id as number;
    expect((await call.get('/news')).body).toContain('<ul></ul>');
    expect((await call.post(`/api/admin/site/news/${id}/publish`, admins.SUPPORT)).statusCode).toBe(200);
    expect((await call.get('/news')).body).toContain('<li>Wildflowers are back</li>');
    expect((await call.get('/news/category/meadows')).body).toContain('<li>Wildflowers are back</li>');

    expect((await call.post(`/api/admin/site/news/${id}/unpublish`, admins.SUPPORT)).statusCode).toBe(200);
    expect((await call.get('/news')).body).not.toContain('Wildflowers are back');
  });

  it('shows a new team member and a new order on /team on the next request', async () => {
    const first = (await call.post('/api/admin/site/team', admins.OWNER, { name: 'Ann Field', role: 'Ecologist', bio: '', photoId: null })).json().member.id as number;
    expect((await call.get('/team')).body).toContain('<ul><li>Ann Field</li></ul>');
    const second = (await call.post('/api/admin/site/team', admins.OWNER, { name: 'Ben Wood', role: 'Forester', bio: '', photoId: null })).json().member.id as number;
    expect((await call.get('/team')).body).toContain('<ul><li>Ann Field</li><li>Ben Wood</li></ul>');
    expect((await call.put('/api/admin/site/team-order', admins.OWNER, { ids: [second, first] })).statusCode).toBe(200);
    expect((await call.get('/team')).body).toContain('<ul><li>Ben Wood</li><li>Ann Field</li></ul>');
  });
});
