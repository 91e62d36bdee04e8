import type { AdminRole } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, ManualClock } from '../../platform/clock';
import { queryRows } from '../../platform/db/client';
import { createTestApp, type TestContext } from '../../test/app';
import { person, type Person } from './test/people';
import { adminsOf, calls, countRows } from './test/setup';

/**
 * Votes under concurrency (decision 0027), also on PostgreSQL: 100 holders voting at once count
 * 100; one holder's 20 concurrent ballots count once; two concurrent closes fix one outcome with
 * one audit row and one batch of result emails; a ballot after close is refused.
 */

const clock = new ManualClock(new Date('2026-07-01T09:00:00Z'));
let ctx: TestContext;
let admins: Record<AdminRole, string>;
let api: ReturnType<typeof calls>;
const holders: Person[] = [];

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  admins = await adminsOf(ctx, 'races');
  api = calls(ctx);
  for (let i = 0; i < 101; i++) holders.push(await person(ctx.app, { units: 1 }));
}, 120_000);
afterAll(() => ctx.close());

const ballots = (id: number) => countRows(ctx, sql`select count(*)::int as n from vote_ballots where vote_id = ${id}`);

describe('votes under concurrency', () => {
  it('counts 100 concurrent votes of 100 holders exactly once each', async () => {
    const id = await api.openVote(admins.SUPPORT, new Date(clock.now().getTime() + DAY));
    const answers = await Promise.all(holders.slice(0, 100).map((h, i) => api.ballot(h.session, id, i % 4 === 0 ? 'n' : 'y')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    expect(await ballots(id)).toBe(100);
    const closed = await api.post(admins.SUPPORT, `/api/admin/votes/${id}/close`);
    expect(closed.json().vote.result).toMatchObject({ yes: 75, no: 25, voters: 100, eligible: 101, yesPercentage: '75.00', turnoutPercentage: '99.01', outcome: 'Yes' });
  });

  it("counts one holder's 20 concurrent votes once", async () => {
    const id = await api.openVote(admins.SUPPORT, new Date(clock.now().getTime() + DAY));
    const who = holders[0]!;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => api.ballot(who.session, id, i % 2 ? 'y' : 'n')));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await ballots(id)).toBe(1);
  });

  it('fixes one outcome when two closes run at once, with one audit row and one result email batch', async () => {
    const id = await api.openVote(admins.SUPPORT, new Date(clock.now().getTime() + HOUR));
    await Promise.all(holders.slice(0, 10).map((h) => api.ballot(h.session, id, 'y')));
    clock.advance(HOUR);
    const [a, b, c] = await Promise.all([
      api.get(admins.SUPPORT, '/api/governance/close-voting'),
      api.get(admins.OWNER, '/api/governance/close-voting'),
      api.post(admins.SUPPORT, `/api/admin/votes/${id}/close`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().closed + b.json().closed + (c.statusCode === 200 ? 1 : 0)).toBe(1);
    expect(await countRows(ctx, sql`select count(*)::int as n from audit_events where action = 'vote.close' and target_id = ${String(id)}`)).toBe(1);
    expect(await countRows(ctx, sql`select count(*)::int as n from outbox where kind = 'governance.vote-emails' and payload->>'voteId' = ${String(id)} and payload->>'kind' = 'result'`)).toBe(1);
    const [row] = await queryRows<{ yes_count: number; outcome: string }>(ctx.database.db, sql`select yes_count, outcome from votes where id = ${id}`);
    expect(row).toMatchObject({ yes_count: 10, outcome: 'Yes' });
  });

  it('refuses ballots racing a close once it has closed, and counts those before it', async () => {
    const id = await api.openVote(admins.SUPPORT, new Date(clock.now().getTime() + HOUR));
    const racing = holders.slice(0, 30).map((h) => api.ballot(h.session, id, 'y'));
    const close = api.post(admins.SUPPORT, `/api/admin/votes/${id}/close`);
    const results = await Promise.all(racing);
    const closed = await close;
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const accepted = results.filter((r) => r.statusCode === 200).length;
    expect(closed.json().vote.result.yes).toBe(accepted);
    expect(await ballots(id)).toBe(accepted);
    expect((await api.ballot(holders[50]!.session, id, 'n')).statusCode).toBe(409);
  });

  it('emails and notifies 101 holders in two batches when a vote opens', async () => {
    await ctx.app.jobs.drain();
    const before = await countRows(ctx, sql`select count(*)::int as n from dev_mail where subject like 'New vote: Batched%'`);
    await api.openVote(admins.SUPPORT, new Date(clock.now().getTime() + DAY), 'Batched?');
    await ctx.app.jobs.drain();
    expect((await countRows(ctx, sql`select count(*)::int as n from dev_mail where subject like 'New vote: Batched%'`)) - before).toBe(101);
    // Each batch's holders also get it in the notification centre (one insert per batch).
    expect(await countRows(ctx, sql`select count(*)::int as n from notifications where category = 'governance' and title = 'A new vote is open' and body = 'Batched?'`)).toBe(101);
    expect(await countRows(ctx, sql`select count(*)::int as n from outbox where kind = 'governance.vote-emails' and payload->>'after' is not null`)).toBeGreaterThanOrEqual(1);
  });

  it('does not announce a vote that closed before its opening emails went out', async () => {
    await ctx.app.jobs.drain();
    const results = () => countRows(ctx, sql`select count(*)::int as n from dev_mail where subject like 'Vote result:%'`);
    const resultsBefore = await results();
    const id = await api.openVote(admins.SUPPORT, new Date(clock.now().getTime() + DAY), 'Closed early?');
    expect((await api.post(admins.SUPPORT, `/api/admin/votes/${id}/close`)).statusCode).toBe(200);
    await ctx.app.jobs.drain();
    expect(await countRows(ctx, sql`select count(*)::int as n from dev_mail where subject like 'New vote: Closed early%'`)).toBe(0);
    // Its result is still published to the holders.
    expect(await results()).toBeGreaterThan(resultsBefore);
  });
});
