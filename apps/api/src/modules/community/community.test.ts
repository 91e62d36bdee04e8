import { COMMUNITY_MESSAGES as M } from '@landunits/domain';
import type { AgentApplicationList, AgentStatus, QuestionList, QuestionPage } from '@landunits/domain/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, ManualClock } from '../../platform/clock';
import { agentApplications, auditEvents } from '../../schema';
import { mailTo, me, PASSWORD, staffLogin } from '../../test/accounts';
import { personSession } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { createAdmin } from '../users';

/**
 * Community questions, agents and moderation (PRODUCT-DECISIONS §11, decision 0026): who may
 * answer, close and reopen; one pending application; deciding twice decides once; hidden content
 * for its author only; naughty text stored and given back as text.
 */

const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
let ctx: TestContext;
let compliance: string;
let support: string;
let finance: string;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  for (const role of ['COMPLIANCE', 'SUPPORT', 'FINANCE'] as const) {
    const email = `${role.toLowerCase()}.community@example.com`;
    await createAdmin(ctx.database.db, { email, password: PASSWORD, role, firstName: `Sam ${role.toLowerCase()}` });
    const session = await staffLogin(ctx.app, email);
    if (role === 'COMPLIANCE') compliance = session;
    if (role === 'SUPPORT') support = session;
    if (role === 'FINANCE') finance = session;
  }
});
afterAll(() => ctx.close());

const ORIGIN = { origin: 'http://localhost:3000' };
const as = (session: string | undefined) => (session ? { cookies: { lu_session: session } } : {});
const get = (session: string | undefined, url: string) => ctx.app.inject({ method: 'GET', url, ...as(session) });
const post = (session: string | undefined, url: string, body: unknown = {}) => ctx.app.inject({ method: 'POST', url, headers: ORIGIN, payload: body as object, ...as(session) });

async function person(name = 'member'): Promise<{ session: string; email: string; id: string }> {
  const email = `${name}${++n}@community.example`;
  const session = await personSession(ctx.app, email);
  return { session, email, id: (await me(ctx.app, session)).json().user.id };
}

async function ask(session: string, title = 'How are Units priced?', body = 'I would like to know how the price changes.'): Promise<number> {
  const res = await post(session, '/api/community/create-question', { title, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().questionId;
}

/** A person who applied and was approved by a COMPLIANCE admin. */
async function agent(): Promise<{ session: string; email: string; id: string }> {
  const who = await person('agent');
  expect((await post(who.session, '/api/community/becomeCommunityAgent', { reason: 'I like helping', experienceAndMotivation: 'Years of forestry' })).statusCode).toBe(200);
  const status = (await get(who.session, '/api/community/agent-application')).json() as AgentStatus;
  const res = await post(compliance, `/api/admin/community/agent-applications/${status.application!.id}/approve`, { reason: 'Welcome aboard' });
  expect(res.statusCode, res.body).toBe(200);
  return who;
}

const page = async (session: string, id: number) => (await get(session, `/api/community/questions/${id}`)).json() as QuestionPage;

describe('questions and answers', () => {
  it('lets any signed-in person ask, and only agents and moderating admins answer', async () => {
    const asker = await person('asker');
    const other = await person();
    const id = await ask(asker.session);
    expect((await post(undefined, '/api/community/create-question', { title: 'Hello there', body: 'x' })).statusCode).toBe(401);

    const refused = await post(other.session, '/api/community/answer-question', { questionId: id, answerText: 'I think so' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.cannotAnswer);
    expect((await page(other.session, id)).viewer.canAnswer).toBe(false);
    // FINANCE is an admin without community.moderate: not the team for the community.
    expect((await post(finance, '/api/community/answer-question', { questionId: id, answerText: 'Finance says hi' })).statusCode).toBe(403);

    const helper = await agent();
    expect((await page(helper.session, id)).viewer).toMatchObject({ canAnswer: true, answerAs: 'agent' });
    expect((await post(helper.session, '/api/community/answer-question', { questionId: id, answerText: 'It rises on a schedule.' })).statusCode).toBe(200);
    expect((await post(support, '/api/community/answer-question', { questionId: id, answerText: 'The team agrees.' })).statusCode).toBe(200);
    // An admin answering from the question page answers for the team, audited like the admin route.
    const teamAudits = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'communityQuestion.answer'), eq(auditEvents.targetId, String(id))));
    expect(teamAudits.map((a) => [a.actorRole, (a.after as { answer: string }).answer])).toEqual([['SUPPORT', 'The team agrees.']]);

    const seen = await page(asker.session, id);
    expect(seen.answers.map((a) => [a.body, a.authorKind])).toEqual([
      ['It rises on a schedule.', 'agent'],
      ['The team agrees.', 'team'],
    ]);
    expect(seen.viewer.isAsker).toBe(true);
    const own = (await get(asker.session, '/api/community/getQuestionAnswers?questionViewBy=Own')).json() as QuestionList;
    expect(own.questions.map((q) => [q.id, q.answerCount])).toEqual([[id, 2]]);
    const otherQuestion = await ask(other.session, 'Nobody answered this', 'Still waiting.');
    const others = (await get(other.session, '/api/community/getQuestionAnswers?questionViewBy=Own')).json() as QuestionList;
    expect(others.questions.find((q) => q.id === otherQuestion)?.answerCount).toBe(0);
    // The asker is emailed (community emails are on by default).
    const mail = await mailTo(ctx.app, asker.email);
    expect(mail.filter((m) => m.subject === 'Your community question has an answer')).toHaveLength(2);
    // …and told in the notification centre, once per answer, linking to the question.
    const centre = (await get(asker.session, '/api/notifications')).json() as { notifications: { title: string; link: string; category: string }[] };
    expect(centre.notifications.map((n) => [n.category, n.title, n.link])).toEqual([
      ['community', 'Your question has a new answer', `/dashboard/questions/${id}`],
      ['community', 'Your question has a new answer', `/dashboard/questions/${id}`],
    ]);
  });

  it('lets only the asker close (with an answer of this question) and reopen', async () => {
    const asker = await person('asker');
    const other = await person();
    const helper = await agent();
    const id = await ask(asker.session);
    const otherId = await ask(other.session, 'Another question', 'About something else entirely.');
    await post(helper.session, '/api/community/answer-question', { questionId: id, answerText: 'Answer one' });
    await post(helper.session, '/api/community/answer-question', { questionId: otherId, answerText: 'Answer to the other' });
    const answerId = (await page(asker.session, id)).answers[0]!.id;
    const foreignAnswer = (await page(other.session, otherId)).answers[0]!.id;

    const notMine = await post(other.session, '/api/community/close-question', { questionId: id });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe(M.notAsker);
    const wrongAnswer = await post(asker.session, '/api/community/close-question', { questionId: id, acceptedAnswerId: foreignAnswer });
    expect(wrongAnswer.statusCode).toBe(400);
    expect(wrongAnswer.json().errors).toEqual({ acceptedAnswerId: M.acceptedNotOfQuestion });

    expect((await post(asker.session, '/api/community/close-question', { questionId: id, acceptedAnswerId: answerId })).statusCode).toBe(200);
    expect((await post(asker.session, '/api/community/close-question', { questionId: id })).statusCode).toBe(409);
    const closed = await page(asker.session, id);
    expect(closed.question).toMatchObject({ status: 'closed', acceptedAnswerId: answerId });
    expect(closed.answers[0]!.accepted).toBe(true);
    expect((await post(helper.session, '/api/community/answer-question', { questionId: id, answerText: 'Late' })).json().message).toBe(M.questionClosed);

    expect((await post(other.session, '/api/community/reopen-question', { questionId: id })).statusCode).toBe(403);
    expect((await post(asker.session, '/api/community/reopen-question', { questionId: id })).statusCode).toBe(200);
    expect((await post(asker.session, '/api/community/reopen-question', { questionId: id })).statusCode).toBe(409);
    expect((await page(asker.session, id)).question.status).toBe('open');
  });

  it('filters All, Own, Open and Closed on the server, with paging', async () => {
    const asker = await person('filter');
    const mine = [await ask(asker.session, 'Mine open one'), await ask(asker.session, 'Mine closed one')];
    await post(asker.session, '/api/community/close-question', { questionId: mine[1] });
    const list = async (view: string, extra = '') => (await get(asker.session, `/api/community/getQuestionAnswers?questionViewBy=${view}${extra}`)).json() as QuestionList;
    expect((await list('Own')).questions.map((q) => q.id).sort()).toEqual([...mine].sort());
    expect((await list('Open')).questions.every((q) => q.status === 'open')).toBe(true);
    expect((await list('Closed')).questions.every((q) => q.status === 'closed')).toBe(true);
    expect((await list('Closed')).questions.map((q) => q.id)).toContain(mine[1]);
    const all = await list('All', '&pageSize=2');
    expect(all.questions).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    expect((await get(asker.session, '/api/community/getQuestionAnswers?questionViewBy=Mine')).statusCode).toBe(400);
  });
});

describe('agent applications', () => {
  it('keeps one pending application per person and decides it once', async () => {
    const applicant = await person('applicant');
    const body = { reason: 'I know the projects', experienceAndMotivation: 'I volunteer every weekend' };
    const both = await Promise.all([post(applicant.session, '/api/community/becomeCommunityAgent', body), post(applicant.session, '/api/community/becomeCommunityAgent', body)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.database.db.select().from(agentApplications).where(eq(agentApplications.userId, applicant.id));
    expect(rows).toHaveLength(1);
    const id = rows[0]!.id;

    // SUPPORT cannot decide (agents.review is COMPLIANCE and OWNER).
    expect((await post(support, `/api/admin/community/agent-applications/${id}/approve`, { reason: 'ok' })).statusCode).toBe(403);
    const twice = await Promise.all([
      post(compliance, `/api/admin/community/agent-applications/${id}/approve`, { reason: 'Welcome' }),
      post(compliance, `/api/admin/community/agent-applications/${id}/approve`, { reason: 'Welcome' }),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await post(compliance, `/api/admin/community/agent-applications/${id}/reject`, { reason: 'No' })).statusCode).toBe(409);
    const audits = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, 'agentApplication'), eq(auditEvents.targetId, String(id))));
    expect(audits.map((a) => [a.action, a.reason])).toEqual([['agentApplication.approve', 'Welcome']]);

    const status = (await get(applicant.session, '/api/community/agent-application')).json() as AgentStatus;
    expect(status).toMatchObject({ isAgent: true, application: { status: 'approved', decisionReason: 'Welcome' } });
    const mail = await mailTo(ctx.app, applicant.email);
    expect(mail.map((m) => m.subject)).toContain('You are now a Land Units community agent');
    expect((await post(applicant.session, '/api/community/becomeCommunityAgent', body)).json().message).toBe(M.alreadyAgent);
    // An application sent while the first was being approved cannot make a second agent.
    const [late] = await ctx.database.db.insert(agentApplications).values({ userId: applicant.id, reason: 'Sent twice', experienceAndMotivation: 'Same person', createdAt: clock.now() }).returning();
    const lateApproval = await post(compliance, `/api/admin/community/agent-applications/${late!.id}/approve`, { reason: 'Welcome' });
    expect(lateApproval.statusCode, lateApproval.body).toBe(409);
    expect(lateApproval.json().message).toBe(M.alreadyAgent);
    expect((await post(compliance, `/api/admin/community/agent-applications/${late!.id}/reject`, { reason: 'Already an agent' })).statusCode).toBe(200);

    // Revoked: no longer answers.
    expect((await post(compliance, `/api/admin/community/agent-applications/${id}/revoke`, { reason: 'Inactive' })).statusCode).toBe(200);
    const q = await ask((await person()).session);
    expect((await post(applicant.session, '/api/community/answer-question', { questionId: q, answerText: 'Still here' })).statusCode).toBe(403);
  });

  it('lists pending applications first, to admins with agents.review', async () => {
    const a = await person('pending');
    await post(a.session, '/api/community/becomeCommunityAgent', { reason: 'Pending one', experienceAndMotivation: 'Some' });
    const res = await get(compliance, '/api/admin/community/agent-applications?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as AgentApplicationList;
    const firstDecided = list.applications.findIndex((x) => x.status !== 'pending');
    const lastPending = list.applications.map((x) => x.status).lastIndexOf('pending');
    expect(firstDecided === -1 || lastPending < firstDecided).toBe(true);
    expect(list.counts.pending).toBeGreaterThan(0);
    expect((await get(support, '/api/admin/community/agent-applications')).statusCode).toBe(403);
    const home = (await get(compliance, '/api/admin/home')).json();
    expect(JSON.stringify(home)).toContain('Agent applications to decide');
  });
});

describe('moderation', () => {
  it('hides an answer with a reason: gone for others, shown to its author with the reason; audited', async () => {
    const asker = await person('asker');
    const helper = await agent();
    const id = await ask(asker.session);
    await post(helper.session, '/api/community/answer-question', { questionId: id, answerText: 'Buy my course!' });
    const answerId = (await page(asker.session, id)).answers[0]!.id;

    expect((await post(asker.session, `/api/admin/community/answers/${answerId}/hide`, { reason: 'Advertising' })).statusCode).toBe(403);
    expect((await post(support, `/api/admin/community/answers/${answerId}/hide`, { reason: '' })).statusCode).toBe(400);
    expect((await post(support, `/api/admin/community/answers/${answerId}/hide`, { reason: 'Advertising' })).statusCode).toBe(200);
    expect((await post(support, `/api/admin/community/answers/${answerId}/hide`, { reason: 'Again' })).statusCode).toBe(409);

    expect((await page(asker.session, id)).answers).toEqual([]);
    expect((await page(helper.session, id)).answers[0]!.hidden).toMatchObject({ reason: 'Advertising' });
    const admin = (await get(support, `/api/admin/community/questions/${id}`)).json() as QuestionPage;
    expect(admin.answers[0]!.hidden?.reason).toBe('Advertising');
    const [audit] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'communityAnswer.hide'), eq(auditEvents.targetId, String(answerId))));
    expect(audit?.reason).toBe('Advertising');

    // A hidden question: not found for others, listed for its author with the reason.
    expect((await post(support, `/api/admin/community/questions/${id}/hide`, { reason: 'Off topic' })).statusCode).toBe(200);
    const other = await person();
    expect((await get(other.session, `/api/community/questions/${id}`)).statusCode).toBe(404);
    const own = (await get(asker.session, '/api/community/getQuestionAnswers?questionViewBy=Own')).json() as QuestionList;
    expect(own.questions.find((q) => q.id === id)?.hidden?.reason).toBe('Off topic');
    const everyone = (await get(other.session, '/api/community/getQuestionAnswers?questionViewBy=All&pageSize=100')).json() as QuestionList;
    expect(everyone.questions.some((q) => q.id === id)).toBe(false);
    expect((await post(support, `/api/admin/community/questions/${id}/unhide`, { reason: 'Fine after all' })).statusCode).toBe(200);
    expect((await get(other.session, `/api/community/questions/${id}`)).statusCode).toBe(200);
  });

  it('lets a moderator answer for the team and close for the asker, audited', async () => {
    const asker = await person('asker');
    const id = await ask(asker.session);
    expect((await post(support, `/api/admin/community/questions/${id}/answer`, { answerText: 'From the team' })).statusCode).toBe(200);
    const answerId = (await page(asker.session, id)).answers[0]!.id;
    expect((await post(support, `/api/admin/community/questions/${id}/close`, { acceptedAnswerId: answerId })).statusCode).toBe(200);
    expect((await page(asker.session, id)).question).toMatchObject({ status: 'closed', acceptedAnswerId: answerId });
    // Hiding the accepted answer un-accepts it: nobody is pointed at an answer they cannot see.
    expect((await post(support, `/api/admin/community/answers/${answerId}/hide`, { reason: 'Outdated' })).statusCode).toBe(200);
    expect((await page(asker.session, id)).question.acceptedAnswerId).toBeNull();
    const [hideAudit] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'communityAnswer.hide'), eq(auditEvents.targetId, String(answerId))));
    expect(hideAudit?.after).toMatchObject({ hidden: true, accepted: false });
    expect((await post(support, `/api/admin/community/answers/${answerId}/unhide`, { reason: 'Back' })).statusCode).toBe(200);
    const list = (await get(support, '/api/admin/community/questions?filter=closed&pageSize=100')).json() as QuestionList;
    expect(list.questions.some((q) => q.id === id)).toBe(true);
    const mail = await mailTo(ctx.app, asker.email);
    expect(mail.map((m) => m.subject)).toContain('Your community question was closed');
  });
});

describe('naughty text', () => {
  const NAUGHTY = ['<script>alert(1)</script>', "'; drop table community_questions; --", '\u202Eevil\u202C right-to-left', '🌳🌍 emoji 👩‍👩‍👧', '${7*7} {{7*7}}', 'a'.repeat(10_000), 'x\u0000y', '   '];

  it('stores and gives back every text as text, or refuses it; never a 5xx', async () => {
    const asker = await person('naughty');
    const helper = await agent();
    const id = await ask(asker.session);
    for (const s of NAUGHTY) {
      clock.advance(25 * HOUR);
      const results = [
        await post(asker.session, '/api/community/create-question', { title: `Title ${s}`, body: s }),
        await post(helper.session, '/api/community/answer-question', { questionId: id, answerText: s }),
        await post((await person()).session, '/api/community/becomeCommunityAgent', { reason: s, experienceAndMotivation: s }),
        await post(support, `/api/admin/community/questions/${id}/hide`, { reason: s }),
        await post(support, `/api/admin/community/questions/${id}/unhide`, { reason: s }),
        await post(compliance, '/api/admin/community/agent-applications/999999/reject', { reason: s }),
        await post(asker.session, '/api/community/close-question', { questionId: s }),
        await get(asker.session, `/api/community/questions/${encodeURIComponent(s.slice(0, 100))}`),
        await get(asker.session, `/api/community/getQuestionAnswers?questionViewBy=${encodeURIComponent(s.slice(0, 100))}`),
      ];
      for (const res of results) {
        expect(res.statusCode, `${JSON.stringify(s.slice(0, 40))}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(typeof res.json().message === 'string' || res.statusCode === 200).toBe(true);
      }
      if (results[0]!.statusCode === 200) {
        const stored = await page(asker.session, results[0]!.json().questionId);
        expect(stored.question.body).toBe(s.trim());
      }
    }
    const answers = (await page(asker.session, id)).answers.map((a) => a.body);
    expect(answers).toContain('<script>alert(1)</script>');
    expect(answers).toContain("'; drop table community_questions; --");
  });
});
