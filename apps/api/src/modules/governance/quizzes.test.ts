import type { AdminRole } from '@landunits/domain';
import { GOVERNANCE_MESSAGES as M, type QuizView } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, ManualClock } from '../../platform/clock';
import { createTestApp, type TestContext } from '../../test/app';
import { person, type Person } from './test/people';
import { adminsOf, calls, countRows } from './test/setup';

/**
 * Quizzes (decision 0027): drafts written and changed by admins, frozen once published; a person
 * submits once; the right answers are sent only after submitting; the quiz states. And naughty
 * strings in every text field of votes and quizzes: stored as text or refused, never a 5xx.
 */

const clock = new ManualClock(new Date('2026-08-01T09:00:00Z'));
let ctx: TestContext;
let admins: Record<AdminRole, string>;
let api: ReturnType<typeof calls>;
let ann: Person;
let bob: Person;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, clock);
  admins = await adminsOf(ctx, 'quizzes');
  api = calls(ctx);
  ann = await person(ctx.app);
  bob = await person(ctx.app, { units: 2 });
});
afterAll(() => ctx.close());

const QUIZ = {
  title: 'Trees',
  description: 'About trees',
  questions: [
    { text: 'Which tree is native to Kenya?', options: ['Acacia', 'Maple'], rightOption: 0 },
    { text: 'How many Units make a vote?', options: ['None', 'One owned Unit', 'Ten'], rightOption: 1 },
    { text: 'When are tallies shown?', options: ['At close', 'Always'], rightOption: 0 },
  ],
};

describe('quizzes', () => {
  let id: number;

  it('lets community.moderate write, change and publish a quiz, audited', async () => {
    expect((await api.post(admins.FINANCE, '/api/admin/quizzes', QUIZ)).statusCode).toBe(403);
    const bad = await api.post(admins.SUPPORT, '/api/admin/quizzes', { ...QUIZ, questions: [{ text: 'Q', options: ['a'], rightOption: 0 }] });
    expect(bad.statusCode).toBe(400);
    const created = await api.post(admins.SUPPORT, '/api/admin/quizzes', { ...QUIZ, title: 'Draft title' });
    expect(created.statusCode, created.body).toBe(200);
    id = created.json().quiz.id;
    expect((await api.get(ann.session, `/api/governance/quizzes/${id}`)).statusCode).toBe(404);
    const edited = await api.put(admins.SUPPORT, `/api/admin/quizzes/${id}`, QUIZ);
    expect(edited.json().quiz).toMatchObject({ title: 'Trees', status: 'draft' });
    expect((await api.post(admins.SUPPORT, `/api/admin/quizzes/${id}/publish`)).json().quiz.status).toBe('published');
    expect((await api.post(admins.SUPPORT, `/api/admin/quizzes/${id}/publish`)).statusCode).toBe(409);
    const frozen = await api.put(admins.SUPPORT, `/api/admin/quizzes/${id}`, QUIZ);
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toBe(M.quizNotDraft);
    expect(await countRows(ctx, sql`select count(*)::int as n from audit_events where target_type = 'quiz' and target_id = ${String(id)}`)).toBe(3);
  });

  it('hides the right answers until the person submits, then marks each question', async () => {
    const before = (await api.get(ann.session, `/api/governance/quizzes/${id}`)).json() as QuizView;
    expect(before.state).toBe('answer_not_submitted');
    expect(before.questions.every((q) => q.rightOption === null && q.right === null)).toBe(true);
    expect(JSON.stringify(before)).not.toContain('"rightOption":0');

    expect((await api.post(ann.session, `/api/governance/quizzes/${id}/submission`, { answers: [0, 1] })).statusCode).toBe(400);
    expect((await api.post(ann.session, `/api/governance/quizzes/${id}/submission`, { answers: [0, 5, null] })).statusCode).toBe(400);
    expect((await api.post(ann.session, `/api/governance/quizzes/${id}/submission`, { answers: [null, null, null] })).statusCode).toBe(400);

    const partly = await api.post(ann.session, `/api/governance/quizzes/${id}/submission`, { answers: [0, 0, null] });
    expect(partly.statusCode, partly.body).toBe(200);
    const view = partly.json().quiz as QuizView;
    expect(view).toMatchObject({ state: 'all_right_answer_not_given', rightCount: 1 });
    expect(view.questions.map((q) => [q.answerState, q.right, q.rightOption])).toEqual([
      ['answer_submitted', true, 0],
      ['answer_submitted', false, 1],
      ['answer_not_submitted', false, 0],
    ]);
    const again = await api.post(ann.session, `/api/governance/quizzes/${id}/submission`, { answers: [0, 1, 0] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.quizAlreadySubmitted);

    const all = await api.post(bob.session, `/api/governance/quizzes/${id}/submission`, { answers: [0, 1, 0] });
    expect(all.json().quiz).toMatchObject({ state: 'all_right_answer_submitted', rightCount: 3 });
    const list = (await api.get(bob.session, '/api/governance/quizzes')).json().quizzes;
    expect(list.find((q: { id: number }) => q.id === id)).toMatchObject({ state: 'all_right_answer_submitted', questionCount: 3 });
    const admin = (await api.get(admins.SUPPORT, '/api/admin/quizzes')).json().quizzes.find((q: { id: number }) => q.id === id);
    expect(admin).toMatchObject({ submissions: 2, allRight: 1 });
  });

  it('takes one submission when the same person submits 10 times at once', async () => {
    const carl = await person(ctx.app);
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.post(carl.session, `/api/governance/quizzes/${id}/submission`, { answers: [0, 1, 1] })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
  });
});

const NAUGHTY = ['<script>alert(1)</script>', "'; drop table votes; --", '\u202Eevil\u202C', '🌳🗳️👩🏽‍🌾', 'x'.repeat(10_000), '\u0000nul', '${{7*7}}', '   '];

describe('naughty strings in every text field', () => {
  it('stores them as text or refuses them, never a 5xx', async () => {
    const closesAt = new Date(clock.now().getTime() + DAY).toISOString();
    for (const s of NAUGHTY) {
      const bodies = [
        ['/api/admin/votes', { question: s, details: s, closesAt }],
        ['/api/admin/votes', { question: 'Q', details: s, closesAt: s }],
        ['/api/admin/quizzes', { title: s, description: s, questions: [{ text: s, options: [s, s], rightOption: 0 }] }],
      ] as const;
      for (const [url, body] of bodies) {
        const res = await api.post(admins.SUPPORT, url, body);
        expect(res.statusCode, `${url} ${s.slice(0, 20)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
      for (const url of [
        `/api/governance/votes?filter=${encodeURIComponent(s)}`,
        `/api/governance/quizzes/${encodeURIComponent(s.slice(0, 100))}`,
        `/api/admin/votes?page=${encodeURIComponent(s.slice(0, 50))}`,
      ]) {
        expect((await api.get(bob.session, url)).statusCode).toBeLessThan(500);
      }
      expect((await api.ballot(bob.session, 1, s)).statusCode).toBe(400);
    }
    const [row] = (await api.get(admins.SUPPORT, '/api/admin/votes?pageSize=100')).json().votes.filter((v: { question: string }) => v.question === '<script>alert(1)</script>');
    expect(row.details).toBe('<script>alert(1)</script>');
  });
});
