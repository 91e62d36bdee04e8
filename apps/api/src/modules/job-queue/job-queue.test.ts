import { JOB_MESSAGES, type JobQueueView } from '@landunits/domain/contracts';
import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { outbox } from '../../schema';
import { enqueueEmail } from '../../platform/mail/outbox';
import { createTestApp, type TestContext } from '../../test/app';
import { added, adminsByRole, get, post, type Admin } from '../user-admin/test/helpers';

/** The OWNER's job queue: the queue by kind, failed jobs with their errors, retry and discard, audited. */

const clock = new ManualClock(new Date('2026-11-29T08:00:00Z'));
let ctx: TestContext;
let owner: Admin;
let support: Admin;

/** An email job that failed its last attempt, as the runner leaves it. */
async function failedEmail(to: string, subject: string): Promise<number> {
  await enqueueEmail(ctx.app.ctx, ctx.database.db, { to, subject, text: 'Hello', html: '<p>Hello</p>' });
  const [newest] = await ctx.database.db
    .select({ id: max(outbox.id) })
    .from(outbox)
    .where(eq(outbox.kind, 'email'));
  const id = newest!.id!;
  await ctx.database.db
    .update(outbox)
    .set({ status: 'failed', attempts: 8, lastError: 'Mail command failed: 550 mailbox unavailable', nextAttemptAt: new Date('2026-11-29T07:55:00Z') })
    .where(eq(outbox.id, id));
  return id;
}

const statusOf = async (id: number) => (await ctx.database.db.select({ status: outbox.status, attempts: outbox.attempts }).from(outbox).where(eq(outbox.id, id)))[0];

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_DUE_ORDERS_INTERVAL_MS: '9999999' }, undefined, clock);
  const admins = await adminsByRole(ctx, 'jobs');
  owner = admins.OWNER;
  support = admins.SUPPORT;
});
afterAll(() => ctx.close());

describe('the job queue', () => {
  it('shows the queue by kind and each failed job with its error and what it was about', async () => {
    const id = await failedEmail('bounce@example.com', 'Your order is confirmed');
    const res = await get(ctx, owner.session, '/api/admin/jobs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = res.json<JobQueueView>();
    expect(view.kinds.find((k) => k.kind === 'email')).toMatchObject({ failed: 1 });
    expect(view.failed).toContainEqual({
      id,
      kind: 'email',
      attempts: 8,
      lastError: 'Mail command failed: 550 mailbox unavailable',
      createdAt: expect.any(String),
      failedAt: '2026-11-29T07:55:00.000Z',
      about: 'To bounce@example.com: Your order is confirmed',
    });
    expect(view.failedTotal).toBe(view.failed.length);
  });

  it('is the OWNER’s alone', async () => {
    expect((await get(ctx, support.session, '/api/admin/jobs')).statusCode).toBe(403);
    const id = await failedEmail('other@example.com', 'Not for support');
    expect((await post(ctx, support.session, `/api/admin/jobs/${id}/retry`, {})).statusCode).toBe(403);
    expect(await statusOf(id)).toEqual({ status: 'failed', attempts: 8 });
  });

  it('retries a failed job from its first attempt, audited; the runner then sends it', async () => {
    const id = await failedEmail('retry@example.com', 'Please confirm your email');
    const audit = await added(ctx.database.db, async () => {
      const res = await post(ctx, owner.session, `/api/admin/jobs/${id}/retry`, {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id, message: JOB_MESSAGES.retried });
    });
    expect(audit).toEqual([
      expect.objectContaining({
        actor_user_id: owner.id,
        actor_role: 'OWNER',
        action: 'job.retry',
        target_type: 'job',
        target_id: String(id),
        before: { status: 'failed', kind: 'email', attempts: 8, lastError: 'Mail command failed: 550 mailbox unavailable' },
        after: { status: 'pending' },
      }),
    ]);
    expect(await statusOf(id)).toEqual({ status: 'pending', attempts: 0 });

    // Retrying again is refused: it is not failed any more.
    const again = await post(ctx, owner.session, `/api/admin/jobs/${id}/retry`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: JOB_MESSAGES.notFailed });

    await ctx.app.jobs.runOnce();
    expect(await statusOf(id)).toMatchObject({ status: 'done' });
  });

  it('discards a failed job, audited: it stays in the records and leaves the list', async () => {
    const id = await failedEmail('discard@example.com', 'Old newsletter');
    const audit = await added(ctx.database.db, async () => {
      const res = await post(ctx, owner.session, `/api/admin/jobs/${id}/discard`, {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id, message: JOB_MESSAGES.discarded });
    });
    expect(audit).toEqual([expect.objectContaining({ action: 'job.discard', target_id: String(id), after: { status: 'discarded' } })]);
    expect(await statusOf(id)).toEqual({ status: 'discarded', attempts: 8 });
    const view = (await get(ctx, owner.session, '/api/admin/jobs')).json<JobQueueView>();
    expect(view.failed.map((f) => f.id)).not.toContain(id);

    expect((await post(ctx, owner.session, `/api/admin/jobs/${id}/discard`, {})).statusCode).toBe(409);
    expect((await post(ctx, owner.session, `/api/admin/jobs/${id}/retry`, {})).statusCode).toBe(409);
    expect(await statusOf(id)).toEqual({ status: 'discarded', attempts: 8 });
  });

  it('counts a discarded job nowhere: a kind with nothing else left leaves the queue', async () => {
    const [row] = await ctx.database.db
      .insert(outbox)
      .values({ kind: 'probe.discard-only', payload: {}, status: 'failed', attempts: 8, lastError: 'refused', nextAttemptAt: clock.now() })
      .returning({ id: outbox.id });
    const kinds = async () => (await get(ctx, owner.session, '/api/admin/jobs')).json<JobQueueView>().kinds.map((k) => k.kind);
    expect(await kinds()).toContain('probe.discard-only');
    expect((await post(ctx, owner.session, `/api/admin/jobs/${row!.id}/discard`, {})).statusCode).toBe(200);
    expect(await kinds()).not.toContain('probe.discard-only');
  });

  it('refuses an id that is not a job', async () => {
    const res = await post(ctx, owner.session, '/api/admin/jobs/abc/retry', {});
    expect(res.statusCode).toBe(400);
    expect((await post(ctx, owner.session, '/api/admin/jobs/99999999999999999999/retry', {})).statusCode).toBe(400);
    expect((await post(ctx, owner.session, '/api/admin/jobs/999999/discard', {})).statusCode).toBe(409);
  });
});
