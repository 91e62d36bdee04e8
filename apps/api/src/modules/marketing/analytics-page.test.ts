import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { makeAdmin, type TestAdmin } from '../orders/test/lifecycle';

/** Decision 0031: the page names the analytics script only when one is configured. */

let dist: string;
let ctx: TestContext;
let owner: TestAdmin;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'lu-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><!--app-head--></head><body><div id="root"></div></body></html>');
  ctx = await createTestApp({ WEB_DIST_DIR: dist });
  owner = await makeAdmin(ctx.app, ctx.database.db, 'owner.analytics@example.com');
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const save = (scriptUrl: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/integrations',
    payload: { trackerUrl: '', trackerSecret: '', scriptUrl, scriptCategory: 'Marketing' },
    headers: { origin: 'http://localhost:3000' },
    cookies: { lu_session: owner.session },
  });

describe('the analytics script on pages', () => {
  it('is not named without settings, named with its category once set, and gone again when cleared', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/faq' });
    expect(before.body).not.toContain('lu-analytics');
    expect(before.headers['content-security-policy']).toContain("script-src 'self';");

    expect((await save('https://cdn.heatmap.example/h.js?site=1&x=2')).statusCode).toBe(200);
    const page = await ctx.app.inject({ method: 'GET', url: '/faq' });
    expect(page.body).toContain('<meta name="lu-analytics" content="https://cdn.heatmap.example/h.js?site=1&amp;x=2" data-category="Marketing">');
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://cdn.heatmap.example;");

    expect((await save('')).statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/faq' });
    expect(after.body).not.toContain('lu-analytics');
    expect(after.headers['content-security-policy']).toContain("script-src 'self';");
  });
});
