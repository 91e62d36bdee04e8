import { SITE_API, type NewsCategory, type TeamMember } from '@landunits/domain';
import { CONTENT_MESSAGES as M, type AdminCategory, type AdminTeamMember } from '@landunits/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers } from '../../schema';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestContext } from '../../test/app';
import { adminSessions, article, auditCount, auditOf, caller, uploadPng, type Sessions } from './test/content-helpers';

/** News categories (slug rules, refusing to delete one in use) and the team (photos, order). */

const clock = new ManualClock(new Date('2026-05-04T09:00:00Z'));
let ctx: TestContext;
let admins: Sessions;
let call: ReturnType<typeof caller>;

const CATEGORIES = '/api/admin/site/news-categories';
const TEAM = '/api/admin/site/team';

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  admins = await adminSessions(ctx, 'cats');
  call = caller(ctx);
});
afterAll(() => ctx.close());

async function createCategory(name: string, slug: string): Promise<AdminCategory> {
  const res = await call.post(CATEGORIES, admins.SUPPORT, { name, slug });
  expect(res.statusCode, res.body).toBe(201);
  clock.advance(1000);
  return res.json().category as AdminCategory;
}

describe('news categories', () => {
  it('adds a category after the others, with its page and one audit row', async () => {
    const category = await createCategory('Wetlands', 'wetlands');
    expect(category).toMatchObject({ name: 'Wetlands', slug: 'wetlands', items: 0, position: 1 });
    expect((await createCategory('Soil', 'soil')).position).toBe(2);
    expect((await call.get(SITE_API.newsCategories)).json<NewsCategory[]>().map((c) => c.slug)).toEqual(['wetlands', 'soil']);
    expect((await call.get(`${SITE_API.news}?category=wetlands`)).statusCode).toBe(200);
    expect(await auditOf(ctx, 'newsCategory', category.id)).toEqual([{ action: 'newsCategory.create', actorRole: 'SUPPORT', before: null, after: { name: 'Wetlands', slug: 'wetlands' } }]);
  });

  it.each(['Wetlands', 'wet lands', 'wet--lands', '-wet', 'wet-', 'wät', 'wet_lands', 'x'.repeat(61)])('refuses the slug %j with the format message', async (slug) => {
    const res = await call.post(CATEGORIES, admins.OWNER, { name: 'Wet', slug });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.slug).toBe(slug.length > 60 ? M.slugMax : M.slugFormat);
  });

  it('refuses a slug another category has, on create and on rename, writing nothing', async () => {
    const moors = await createCategory('Moors', 'moors');
    const audits = await auditCount(ctx);
    const taken = await call.post(CATEGORIES, admins.OWNER, { name: 'Other wetlands', slug: 'wetlands' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', errors: { slug: M.slugTaken } });
    const renamed = await call.put(`${CATEGORIES}/${moors.id}`, admins.OWNER, { name: 'Moors', slug: 'wetlands' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errors).toEqual({ slug: M.slugTaken });
    expect(await auditCount(ctx)).toBe(audits);
  });

  it('renames a category and moves its page, with before and after in the audit row', async () => {
    const heath = await createCategory('Heath', 'heath');
    const res = await call.put(`${CATEGORIES}/${heath.id}`, admins.OWNER, { name: 'Heathland', slug: 'heathland' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call.get(`${SITE_API.news}?category=heath`)).statusCode).toBe(404);
    expect((await call.get(`${SITE_API.news}?category=heathland`)).json().category).toEqual({ name: 'Heathland', slug: 'heathland' });
    expect((await auditOf(ctx, 'newsCategory', heath.id)).at(-1)).toMatchObject({
      action: 'newsCategory.update',
      before: { name: 'Heath', slug: 'heath' },
      after: { name: 'Heathland', slug: 'heathland' },
    });
  });

  it('refuses to delete a category with articles, saying how many; deletes an empty one', async () => {
    const used = await createCategory('Orchards', 'orchards');
    const image = await uploadPng(ctx, admins.OWNER);
    for (const title of ['Apples', 'Pears']) {
      expect((await call.post('/api/admin/site/news', admins.OWNER, article(used.id, image.id, { title }))).statusCode).toBe(201);
    }
    const audits = await auditCount(ctx);
    const refused = await call.del(`${CATEGORIES}/${used.id}`, admins.OWNER);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'CONFLICT', message: M.categoryInUse(2) });
    expect(refused.json().message).toBe('This category has 2 news articles. Move or delete them first.');
    expect(await auditCount(ctx)).toBe(audits);

    const empty = await createCategory('Ponds', 'ponds');
    expect((await call.del(`${CATEGORIES}/${empty.id}`, admins.OWNER)).statusCode).toBe(200);
    expect((await call.get(`${SITE_API.news}?category=ponds`)).statusCode).toBe(404);
    expect((await auditOf(ctx, 'newsCategory', empty.id)).at(-1)).toMatchObject({ action: 'newsCategory.delete', before: { slug: 'ponds' }, after: null });
    expect((await call.del(`${CATEGORIES}/${empty.id}`, admins.OWNER)).statusCode).toBe(404);
  });

  it('lists categories with their article counts, filtered and sorted on the server', async () => {
    const all = (await call.get(`${CATEGORIES}?sort=items&dir=desc`, admins.OWNER)).json();
    expect(all.categories[0]).toMatchObject({ slug: 'orchards', items: 2 });
    const found = (await call.get(`${CATEGORIES}?q=HEATH`, admins.OWNER)).json();
    expect(found).toMatchObject({ total: 1, categories: [{ slug: 'heathland' }] });
    const byName = (await call.get(`${CATEGORIES}?sort=name&pageSize=2`, admins.OWNER)).json();
    expect(byName.categories.map((c: AdminCategory) => c.name)).toEqual(['Heathland', 'Moors']);
    expect(byName.total).toBe(5);
  });
});

describe('the team', () => {
  const publicTeam = async () => (await call.get(SITE_API.team)).json<TeamMember[]>();

  it('adds people with a photo at the end; /team shows them in order with their photos', async () => {
    const photo = await uploadPng(ctx, admins.SUPPORT, '#556b2f');
    const ada = await call.post(TEAM, admins.SUPPORT, { name: 'Ada Byron', role: 'Land manager', bio: 'Walks the hedges.', photoId: photo.id });
    expect(ada.statusCode, ada.body).toBe(201);
    expect(ada.json().member).toMatchObject({ name: 'Ada Byron', photo: photo.url, photoId: photo.id, position: 1, isDemo: false });
    clock.advance(1000);
    const bob = await call.post(TEAM, admins.SUPPORT, { name: 'Bob Marsh', role: 'Ecologist', bio: '', photoId: null });
    expect(bob.json().member.position).toBe(2);
    expect((await publicTeam()).map((m) => [m.name, m.photo])).toEqual([
      ['Ada Byron', photo.url],
      ['Bob Marsh', null],
    ]);
    expect((await call.get(photo.url)).statusCode).toBe(200);
    expect(await auditOf(ctx, 'teamMember', ada.json().member.id)).toEqual([
      { action: 'teamMember.create', actorRole: 'SUPPORT', before: null, after: { name: 'Ada Byron', role: 'Land manager', bio: 'Walks the hedges.', photoId: photo.id, isDemo: false } },
    ]);
  });

  it('refuses a member without a name or role, or with a photo never uploaded', async () => {
    const res = await call.post(TEAM, admins.OWNER, { name: ' ', role: '', bio: '', photoId: 'a'.repeat(64) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: M.nameRequired, role: M.roleRequired });
    const unknown = await call.post(TEAM, admins.OWNER, { name: 'Cy', role: 'Guide', bio: '', photoId: 'a'.repeat(64) });
    expect(unknown.json().errors).toEqual({ photoId: M.imageUnknown });
  });

  it('puts the team in a new order with one audit row; the current order or a stale list changes nothing', async () => {
    const { members } = (await call.get(TEAM, admins.OWNER)).json() as { members: AdminTeamMember[] };
    const ids = members.map((m) => m.id);
    const reversed = [...ids].reverse();
    const audits = await auditCount(ctx);
    expect((await call.put('/api/admin/site/team-order', admins.OWNER, { ids })).statusCode).toBe(200);
    expect(await auditCount(ctx)).toBe(audits);

    const res = await call.put('/api/admin/site/team-order', admins.OWNER, { ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().members.map((m: AdminTeamMember) => m.id)).toEqual(reversed);
    expect((await publicTeam()).map((m) => m.id)).toEqual(reversed);
    expect(await auditOf(ctx, 'team', 'team')).toEqual([{ action: 'team.reorder', actorRole: 'OWNER', before: { ids }, after: { ids: reversed } }]);

    const stale = await call.put('/api/admin/site/team-order', admins.OWNER, { ids: reversed.slice(1) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(M.orderChanged);
    const repeated = await call.put('/api/admin/site/team-order', admins.OWNER, { ids: [ids[0], ids[0]] });
    expect(repeated.statusCode).toBe(400);
    expect(await auditCount(ctx)).toBe(audits + 1);
  });

  it('changes and removes people; a demo profile an admin changes is no longer marked as demo', async () => {
    const [demo] = await ctx.database.db.insert(teamMembers).values({ name: 'Demo Person', role: 'CEO', position: 9, isDemo: true }).returning();
    const res = await call.put(`${TEAM}/${demo!.id}`, admins.OWNER, { name: 'Real Person', role: 'CEO', bio: '', photoId: null });
    expect(res.json().member).toMatchObject({ name: 'Real Person', isDemo: false });
    expect((await publicTeam()).find((m) => m.id === demo!.id)).toMatchObject({ name: 'Real Person', isDemo: false });
    expect((await auditOf(ctx, 'teamMember', demo!.id))[0]).toMatchObject({ before: { name: 'Demo Person', isDemo: true }, after: { name: 'Real Person', isDemo: false } });

    expect((await call.del(`${TEAM}/${demo!.id}`, admins.OWNER)).statusCode).toBe(200);
    expect((await publicTeam()).some((m) => m.id === demo!.id)).toBe(false);
    expect((await call.put(`${TEAM}/${demo!.id}`, admins.OWNER, { name: 'X Y', role: 'Z', bio: '', photoId: null })).statusCode).toBe(404);
  });
});
