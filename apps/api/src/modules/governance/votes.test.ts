import type { AdminRole } from '@landunits/domain';
import { GOVERNANCE_MESSAGES as M, type VotesPage } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, ManualClock } from '../../platform/clock';
import { createTestApp, type TestContext } from '../../test/app';
import { person, type Person } from './test/people';
import { adminsOf, calls, countRows } from './test/setup';

/**
 * Votes (decision 0027): who may vote, the per-person states, shielded tallies, the needs-my-vote
 * filter and count, closing (the outcome rule at exactly 50 % and with no votes), audit and emails.
 */

const clock = new ManualClock(new Date('2026-06-01T09:00:00Z'));
let ctx: TestContext;
let admins: Record<AdminRole, string>;
let api: ReturnType<typeof calls>;
let holders: Person[];
let nobody: Person;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  admins = await adminsOf(ctx, 'votes');
  api = calls(ctx);
  holders = [];
  for (let i = 0; i < 4; i++) holders.push(await person(ctx.app, { units: 3 }));
  nobody = await person(ctx.app);
});
afterAll(() => ctx.close());

const page = async (who: Person, query = ''): Promise<VotesPage> => {
  const res = await api.get(who.session, `/api/governance/votes${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const vote = async (who: Person, id: number) => (await page(who, '?pageSize=50')).votes.find((v) => v.id === id)!;

describe('votes', () => {
  it('keeps votes to signed-in people and the admin routes to community.moderate', async () => {
    expect((await api.get(undefined, '/api/governance/votes')).statusCode).toBe(401);
    expect((await api.get(admins.FINANCE, '/api/admin/votes')).statusCode).toBe(403);
    expect((await api.get(holders[0]!.session, '/api/governance/close-voting')).statusCode).toBe(403);
    expect((await api.post(admins.FINANCE, '/api/admin/votes', { question: 'x', closesAt: new Date(clock.now().getTime() + DAY).toISOString() })).statusCode).toBe(403);
  });

  it('refuses a closing time in the past, and bad filters', async () => {
    const res = await api.post(admins.SUPPORT, '/api/admin/votes', { question: 'Past?', closesAt: new Date(clock.now().getTime() - HOUR).toISOString() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.closesAt).toBe(M.closesAtFuture);
    expect((await api.get(holders[0]!.session, '/api/governance/votes?filter=mine')).statusCode).toBe(400);
  });

  it('takes one changeable vote per holder, hides tallies until close, refuses non-holders', async () => {
    const id = await api.openVote(admins.SUPPORT, new Date(clock.now().getTime() + DAY));
    const [a, b, c] = holders;
    expect(await vote(a!, id)).toMatchObject({ state: 'vote_not_submitted', myAnswer: null, canVote: true, result: null });
    expect((await api.ballot(a!.session, id, 'y')).statusCode).toBe(200);
    expect(await vote(a!, id)).toMatchObject({ state: 'vote_submitted_already', myAnswer: 'y', result: null });
    expect((await api.ballot(a!.session, id, 'n')).json().vote).toMatchObject({ myAnswer: 'n' });
    expect((await api.ballot(b!.session, id, 'y')).statusCode).toBe(200);
    expect((await api.ballot(c!.session, id, 'y')).statusCode).toBe(200);

    const refused = await api.ballot(nobody.session, id, 'y');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.notHolder);
    expect(await vote(nobody, id)).toMatchObject({ canVote: false, state: 'vote_not_submitted' });
    expect((await api.ballot(a!.session, id, 'maybe')).statusCode).toBe(400);
    expect((await api.ballot(a!.session, 999_999, 'y')).statusCode).toBe(404);

    // Admins see only how many have voted before close.
    const admin = (await api.get(admins.SUPPORT, '/api/admin/votes')).json().votes.find((v: { id: number }) => v.id === id);
    expect(admin).toMatchObject({ open: true, voters: 3, result: null });

    // Not due yet: close-voting closes nothing.
    expect((await api.get(admins.SUPPORT, '/api/governance/close-voting')).json().closed).toBe(0);
    clock.advance(DAY);
    // Due but not closed by the job yet: closed for people, and a ballot is refused.
    expect((await vote(a!, id)).state).toBe('vote_closed');
    expect((await api.ballot(a!.session, id, 'y')).statusCode).toBe(409);

    const audits = () => countRows(ctx, sql`select count(*)::int as n from audit_events where action = 'vote.close' and target_id = ${String(id)}`);
    const close = await api.get(admins.SUPPORT, '/api/governance/close-voting');
    expect(close.json()).toMatchObject({ closed: 1 });
    expect(await audits()).toBe(1);
    const result = (await vote(a!, id)).result;
    // 2 yes, 1 no, 3 of the 4 holders (+ the other test files' holders are not in this database).
    expect(result).toMatchObject({ yes: 2, no: 1, voters: 3, yesPercentage: '66.67', noPercentage: '33.33', outcome: 'Yes' });
    expect(result!.eligible).toBeGreaterThanOrEqual(4);
    expect((await api.ballot(b!.session, id, 'n')).statusCode).toBe(409);
    expect((await api.get(admins.SUPPORT, '/api/governance/close-voting')).json().closed).toBe(0);
    expect(await audits()).toBe(1);
  });

  it('fixes Yes at exactly 50 %, and Not Decided with no votes', async () => {
    const half = await api.openVote(admins.SUPPORT, new Date(clock.now().getTime() + HOUR), 'Half?');
    const none = await api.openVote(admins.SUPPORT, new Date(clock.now().getTime() + HOUR), 'None?');
    await api.ballot(holders[0]!.session, half, 'y');
    await api.ballot(holders[1]!.session, half, 'n');
    const closed = await api.post(admins.SUPPORT, `/api/admin/votes/${half}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().vote.result).toMatchObject({ yes: 1, no: 1, yesPercentage: '50.00', outcome: 'Yes' });
    expect((await api.post(admins.SUPPORT, `/api/admin/votes/${half}/close`)).statusCode).toBe(409);
    clock.advance(HOUR);
    expect((await api.get(admins.OWNER, '/api/governance/close-voting')).json().closed).toBe(1);
    expect((await vote(holders[0]!, none)).result).toMatchObject({ voters: 0, yesPercentage: null, turnoutPercentage: '0.00', outcome: 'Not Decided' });
  });

  it('filters needs-my-vote and counts it for the side menu', async () => {
    const a = await api.openVote(admins.SUPPORT, new Date(clock.now().getTime() + DAY), 'A?');
    const b = await api.openVote(admins.SUPPORT, new Date(clock.now().getTime() + DAY), 'B?');
    const who = holders[3]!;
    const count = async (p: Person) => (await api.get(p.session, '/api/governance/votes/needs-my-vote-count')).json().count;
    expect(await count(who)).toBe(2);
    await api.ballot(who.session, a, 'y');
    expect(await count(who)).toBe(1);
    expect((await page(who, '?filter=needs-my-vote')).votes.map((v) => v.id)).toEqual([b]);
    expect((await page(who, '?filter=open')).votes.map((v) => v.id).sort()).toEqual([a, b].sort());
    expect((await page(who, '?filter=closed')).votes.every((v) => v.state === 'vote_closed')).toBe(true);
    expect(await count(nobody)).toBe(0);
    expect((await page(nobody, '?filter=needs-my-vote')).total).toBe(0);
    expect((await page(who, '?pageSize=1&page=2')).votes).toHaveLength(1);
  });

  it('emails holders when a vote opens and when its result is published, through the job in batches', async () => {
    await ctx.app.jobs.drain();
    const before = await countRows(ctx, sql`select count(*)::int as n from dev_mail where subject like 'New vote:%'`);
    const id = await api.openVote(admins.SUPPORT, new Date(clock.now().getTime() + HOUR), 'Emailed?');
    await ctx.app.jobs.drain();
    const opened = await countRows(ctx, sql`select count(*)::int as n from dev_mail where subject like 'New vote:%'`);
    expect(opened - before).toBe(holders.length);
    await api.post(admins.SUPPORT, `/api/admin/votes/${id}/close`);
    await ctx.app.jobs.drain();
    expect(await countRows(ctx, sql`select count(*)::int as n from dev_mail where subject like 'Vote result:%'`)).toBeGreaterThanOrEqual(holders.length);
  });

  it('audits opening a vote with its question', async () => {
    expect(await countRows(ctx, sql`select count(*)::int as n from audit_events where action = 'vote.create'`)).toBeGreaterThanOrEqual(5);
  });
});
