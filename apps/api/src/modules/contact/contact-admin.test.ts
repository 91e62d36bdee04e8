import { ADMIN_ROLES, SITE_API, type AdminRole } from '@landunits/domain';
import { CONTACT_ADMIN_MESSAGES as M, type ContactMessageDetail, type ContactMessagesPage } from '@landunits/domain/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, ManualClock, MINUTE } from '../../platform/clock';
import { contactMessages, contactReplies, outbox } from '../../schema';
import { anyIp, mailTo, me, PASSWORD, staffLogin } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/app';
import { createAdmin } from '../users';

/**
 * The contact inbox for admins (PRODUCT-DECISIONS §12): the list paged, sorted and filtered on the
 * server, one message with its replies, a reply emailed to the sender (status answered), closing
 * and reopening, each action with one audit row holding before and after.
 */

const SUPPORT_EMAIL = 'help-desk@example.org';
const START = new Date('2026-05-04T08:00:00Z');
const clock = new ManualClock(START);
let ctx: TestContext;
const admins = {} as Record<AdminRole, string>;
const adminIds = {} as Record<AdminRole, string>;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({ SUPPORT_EMAIL }, undefined, clock);
  for (const role of ADMIN_ROLES) {
    const email = `${role.toLowerCase()}.contact@example.com`;
    await createAdmin(ctx.database.db, { email, password: PASSWORD, role, firstName: `Sam ${role.toLowerCase()}` });
    admins[role] = await staffLogin(ctx.app, email);
    adminIds[role] = (await me(ctx.app, admins[role])).json().user.id;
  }
});
afterAll(() => ctx.close());

const as = (session: string | undefined) => (session ? { cookies: { lu_session: session } } : {});
const ORIGIN = { origin: 'http://localhost:3000' };
const get = (session: string | undefined, url: string) => ctx.app.inject({ method: 'GET', url, ...as(session) });
const post = (session: string | undefined, url: string, body?: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: ORIGIN, ...(body === undefined ? {} : { payload: body as object }), ...as(session) });
const reply = (id: number | string, body: unknown, session = admins.SUPPORT) => post(session, `/api/admin/contact-messages/${id}/reply`, body);

/** A visitor sends the contact form at `at`; returns the stored message's id and sender address. */
async function sent(fields: { name?: string; subject?: string; message?: string } = {}, at = clock.now()): Promise<{ id: number; email: string }> {
  const email = `writer${++n}@contact.example`;
  const now = clock.now();
  clock.set(at);
  const res = await ctx.app.inject({
    method: 'POST',
    url: SITE_API.contact,
    remoteAddress: anyIp(),
    payload: { name: fields.name ?? 'Grace Hopper', email, subject: fields.subject ?? 'Company purchase', message: fields.message ?? 'Can a company buy Units for each of its employees?' },
  });
  clock.set(now);
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await ctx.database.db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.email, email));
  return { id: row!.id, email };
}

async function listOf(query: string): Promise<ContactMessagesPage> {
  const res = await get(admins.SUPPORT, `/api/admin/contact-messages?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function auditOf(id: number) {
  const result = await ctx.database.db.execute(
    sql`select action, actor_user_id, actor_role, before, after from audit_events where target_type = 'contactMessage' and target_id = ${String(id)} order by at, action`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** What an action may write: queued emails, replies and audit rows. */
async function sideEffects() {
  const [emails] = await ctx.database.db.select({ n: count() }).from(outbox);
  const [replies] = await ctx.database.db.select({ n: count() }).from(contactReplies);
  const audits = (await ctx.database.db.execute(sql`select count(*)::int as n from audit_events`)) as unknown as { rows: { n: number }[] };
  return { emails: emails?.n, replies: replies?.n, audits: audits.rows[0]?.n };
}

describe('the inbox', () => {
  it('lists new messages with their excerpt, pages, sorts and filters by status and text, and counts each status', async () => {
    const long = `${'A very long question about land. '.repeat(10)}The end.`;
    const first = await sent({ name: 'Ada First', subject: 'Pages' }, new Date(START.getTime() - 3 * HOUR));
    const second = await sent({ name: 'Ada Second', subject: 'Pages', message: long }, new Date(START.getTime() - 2 * HOUR));
    const third = await sent({ name: 'Ada Third', subject: 'Pages' }, new Date(START.getTime() - HOUR));
    await ctx.database.db.update(contactMessages).set({ status: 'closed' }).where(eq(contactMessages.id, third.id));

    const page = await listOf('q=ada&pageSize=2');
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.messages.map((m) => m.id)).toEqual([third.id, second.id]);
    expect(page.messages[1]).toMatchObject({ name: 'Ada Second', email: second.email, subject: 'Pages', status: 'new', createdAt: new Date(START.getTime() - 2 * HOUR).toISOString() });
    expect(page.messages[1]?.excerpt.length).toBeLessThanOrEqual(160);
    expect(page.messages[1]?.excerpt.endsWith('…')).toBe(true);
    expect((await listOf('q=ada&pageSize=2&page=2')).messages.map((m) => m.id)).toEqual([first.id]);
    expect((await listOf('q=ada&sort=createdAt&direction=asc')).messages.map((m) => m.id)).toEqual([first.id, second.id, third.id]);
    expect((await listOf('q=ada&status=new')).messages.map((m) => m.id)).toEqual([second.id, first.id]);
    expect((await listOf('q=ada&status=closed')).messages.map((m) => m.id)).toEqual([third.id]);
    // The text filter looks in the name, the address, the subject and the message.
    expect((await listOf(`q=${encodeURIComponent(second.email.toUpperCase())}`)).messages.map((m) => m.id)).toEqual([second.id]);
    expect((await listOf('q=long%20question')).messages.map((m) => m.id)).toEqual([second.id]);
    expect((await listOf('q=ada&sort=email&direction=asc')).messages.map((m) => m.email)).toEqual([first.email, second.email, third.email].sort());
    const counts = (await listOf('')).counts;
    expect(counts.closed).toBeGreaterThanOrEqual(1);
    expect(counts.new + counts.answered + counts.closed).toBe((await listOf('')).total);
  });

  it('refuses bad filters and roles without contact.answer', async () => {
    const bad = await get(admins.SUPPORT, '/api/admin/contact-messages?status=spam');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { status: expect.any(String) } });
    const { id } = await sent();
    for (const role of ['FINANCE', 'COMPLIANCE'] as const) {
      expect((await get(admins[role], '/api/admin/contact-messages')).statusCode).toBe(403);
      expect((await get(admins[role], `/api/admin/contact-messages/${id}`)).statusCode).toBe(403);
      expect((await reply(id, { reply: 'Hello' }, admins[role])).statusCode).toBe(403);
      expect((await post(admins[role], `/api/admin/contact-messages/${id}/close`)).statusCode).toBe(403);
    }
    expect((await get(admins.OWNER, `/api/admin/contact-messages/${id}`)).statusCode).toBe(200);
    expect(await auditOf(id)).toEqual([]);
  });

  it('answers 404 for a message nobody has', async () => {
    for (const id of ['999999', 'abc', '0', '1e3', '00000000-0000-4000-8000-000000000000']) {
      const res = await get(admins.SUPPORT, `/api/admin/contact-messages/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: M.notFound, code: 'NOT_FOUND' });
    }
    expect((await reply(999999, { reply: 'Hello' })).statusCode).toBe(404);
  });
});

describe('replying', () => {
  it('emails the reply to the sender, keeps it with who and when, marks the message answered and audits it', async () => {
    const { id, email } = await sent({ name: 'Grace Hopper' }, new Date('2026-05-01T10:00:00Z'));
    const now = clock.now().toISOString();
    const text = 'Yes: a company account can buy Units and transfer them to each employee.\nWrite again if you need help.';
    const res = await reply(id, { reply: `  ${text}  ` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { message: string; detail: ContactMessageDetail };
    expect(body.message).toBe(M.replied);
    expect(body.detail.message).toMatchObject({ id, status: 'answered', updatedAt: now, accountEmail: null });
    expect(body.detail.replies).toEqual([{ id: expect.any(Number), adminUserId: adminIds.SUPPORT, adminName: 'Sam support', body: text, createdAt: now }]);

    const [mail] = (await mailTo(ctx.app, email)).filter((m) => m.subject === 'Our reply to your message to Land Units');
    expect(mail?.text).toContain('Hello Grace Hopper,');
    expect(mail?.text).toContain(`Reference: #${id}`);
    expect(mail?.text).toContain('Your message of: 01 May 2026');
    expect(mail?.text).toContain(text);
    // Answers to the reply go to the support address.
    const queued = await ctx.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${email} and ${outbox.payload}->>'subject' = ${mail?.subject}`);
    expect(queued.map((row) => (row.payload as { replyTo?: string }).replyTo)).toEqual([SUPPORT_EMAIL]);

    expect(await auditOf(id)).toEqual([
      {
        action: 'contactMessage.reply',
        actor_user_id: adminIds.SUPPORT,
        actor_role: 'SUPPORT',
        before: { status: 'new' },
        after: { status: 'answered', replyId: body.detail.replies[0]!.id, reply: text },
      },
    ]);

    // A second reply (by the owner) is kept too; the message stays answered.
    clock.advance(HOUR);
    const again = await reply(id, { reply: 'One more thing.' }, admins.OWNER);
    expect(again.statusCode).toBe(200);
    const detail = (await get(admins.SUPPORT, `/api/admin/contact-messages/${id}`)).json() as ContactMessageDetail;
    expect(detail.replies.map((r) => [r.body, r.adminName])).toEqual([
      [text, 'Sam support'],
      ['One more thing.', 'Sam owner'],
    ]);
    expect((await auditOf(id)).map((a) => [a.action, a.actor_role, a.before, (a.after as { status: string }).status])).toEqual([
      ['contactMessage.reply', 'SUPPORT', { status: 'new' }, 'answered'],
      ['contactMessage.reply', 'OWNER', { status: 'answered' }, 'answered'],
    ]);
  });

  it('refuses an empty, a too long or an unexpected reply with the form’s messages, writing nothing', async () => {
    const { id } = await sent();
    const before = await sideEffects();
    const cases: [unknown, Record<string, string>][] = [
      [{}, { reply: M.replyRequired }],
      [{ reply: '   ' }, { reply: M.replyRequired }],
      [{ reply: 'x'.repeat(5001) }, { reply: M.replyMax }],
      [{ reply: 42 }, { reply: M.replyRequired }],
    ];
    for (const [payload, errors] of cases) {
      const res = await reply(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors });
    }
    expect((await reply(id, { reply: 'Hi', status: 'closed' })).statusCode).toBe(400);
    expect(await sideEffects()).toEqual(before);
    expect((await get(admins.SUPPORT, `/api/admin/contact-messages/${id}`)).json().message.status).toBe('new');
  });
});

describe('closing and reopening', () => {
  it('closes and reopens with an audit row each; a closed message takes no reply; repeats are refused and write nothing', async () => {
    const { id } = await sent();
    const step = () => clock.advance(MINUTE);
    step();
    const closed = await post(admins.SUPPORT, `/api/admin/contact-messages/${id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ message: M.closed, detail: { message: { status: 'closed' } } });

    const before = await sideEffects();
    const refused = await reply(id, { reply: 'Too late?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: M.replyClosed, code: 'TRANSITION_REFUSED' });
    const again = await post(admins.SUPPORT, `/api/admin/contact-messages/${id}/close`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyClosed);
    expect(await sideEffects()).toEqual(before);

    // Reopened without replies: new again. With a reply, then closed and reopened: answered.
    step();
    expect((await post(admins.SUPPORT, `/api/admin/contact-messages/${id}/reopen`)).json()).toMatchObject({ message: M.reopened, detail: { message: { status: 'new' } } });
    expect((await post(admins.SUPPORT, `/api/admin/contact-messages/${id}/reopen`)).statusCode).toBe(409);
    step();
    expect((await reply(id, { reply: 'Here is our answer.' })).statusCode).toBe(200);
    step();
    expect((await post(admins.OWNER, `/api/admin/contact-messages/${id}/close`)).statusCode).toBe(200);
    step();
    expect((await post(admins.OWNER, `/api/admin/contact-messages/${id}/reopen`)).json().detail.message.status).toBe('answered');

    expect((await auditOf(id)).map((a) => [a.action, a.before, a.after])).toEqual([
      ['contactMessage.close', { status: 'new' }, { status: 'closed' }],
      ['contactMessage.reopen', { status: 'closed' }, { status: 'new' }],
      ['contactMessage.reply', { status: 'new' }, expect.objectContaining({ status: 'answered' })],
      ['contactMessage.close', { status: 'answered' }, { status: 'closed' }],
      ['contactMessage.reopen', { status: 'closed' }, { status: 'answered' }],
    ]);
  });
});
