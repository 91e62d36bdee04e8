import { GOVERNANCE_MESSAGES as M, type QuizView, type VotesPage, type VoteView } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderApp, TEST_ADMIN, TEST_USER } from '../../test/render-app';

const OPEN: VoteView = {
  id: 1,
  question: 'Plant more oaks?',
  details: 'Oaks on the north field.',
  closesAt: '2030-06-12T18:00:00.000Z',
  closedAt: null,
  state: 'vote_not_submitted',
  myAnswer: null,
  canVote: true,
  result: null,
};
const CLOSED: VoteView = {
  ...OPEN,
  id: 2,
  question: 'Publish in Spanish?',
  closedAt: '2026-01-01T10:00:00.000Z',
  state: 'vote_closed',
  myAnswer: 'y',
  result: { yes: 2, no: 1, voters: 3, eligible: 4, yesPercentage: '66.67', noPercentage: '33.33', turnoutPercentage: '75.00', outcome: 'Yes' },
};
const page = (votes: VoteView[], canVote = true): VotesPage => ({ votes, canVote, total: votes.length, page: 1, pageSize: 10 });
const LIST = 'GET /api/governance/votes?filter=all&page=1';

describe('/dashboard/votes', () => {
  it("asks for Yes or No before sending, sends the choice, and shows a closed vote's result", async () => {
    const api = mockApi({
      [LIST]: () => json(200, page([OPEN, CLOSED])),
      'POST /api/governance/votes/1/ballot': () => json(200, { message: M.voteCast, vote: { ...OPEN, state: 'vote_submitted_already', myAnswer: 'y' } }),
    });
    const { user } = renderApp('/dashboard/votes', { session: TEST_USER });
    const card = (await screen.findByRole('heading', { name: 'Plant more oaks?' })).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Vote' }));
    expect(within(card).getByRole('alert').textContent).toBe(M.answerRequired);
    expect(api.callsTo('POST /api/governance/votes/1/ballot')).toHaveLength(0);
    await user.click(within(card).getByRole('radio', { name: 'Yes' }));
    await user.click(within(card).getByRole('button', { name: 'Vote' }));
    await waitFor(() => expect(api.callsTo('POST /api/governance/votes/1/ballot')[0]?.body).toEqual({ answer: 'y' }));

    const closed = screen.getByRole('heading', { name: 'Publish in Spanish?' }).closest('article')!;
    expect(closed.textContent).toContain('66.67 %');
    expect(closed.textContent).toContain('3 of 4 holders');
    expect(within(closed).queryByRole('button')).toBeNull();
  });

  it('tells someone without owned Units that they cannot vote', async () => {
    mockApi({ [LIST]: () => json(200, page([{ ...OPEN, canVote: false }], false)) });
    renderApp('/dashboard/votes', { session: TEST_USER });
    expect((await screen.findByRole('note')).textContent).toContain(M.notHolder);
    expect(screen.queryByRole('button', { name: 'Vote' })).toBeNull();
  });

  it('does not offer a staff account a way to buy Units to vote: staff accounts hold no Units', async () => {
    mockApi({ [LIST]: () => json(200, page([{ ...OPEN, canVote: false }], false)) });
    renderApp('/dashboard/votes', { session: TEST_ADMIN });
    expect((await screen.findByRole('note')).textContent).toContain('Staff accounts hold no Units');
    expect(screen.queryByRole('link', { name: 'Buy Units' })).toBeNull();
  });

  it('keeps the filter in the address and says when nothing needs a vote', async () => {
    mockApi({ 'GET /api/governance/votes?filter=needs-my-vote&page=1': () => json(200, page([])) });
    renderApp('/dashboard/votes?filter=needs-my-vote', { session: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Nothing needs your vote' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Needs my vote' }).getAttribute('aria-current')).toBe('page');
  });
});

const QUIZ: QuizView = {
  id: 3,
  title: 'Trees',
  description: '',
  questionCount: 2,
  publishedAt: '2026-01-01T00:00:00.000Z',
  state: 'answer_not_submitted',
  rightCount: null,
  submittedAt: null,
  questions: [
    { text: 'Native tree?', options: ['Acacia', 'Maple'], chosen: null, answerState: 'answer_not_submitted', rightOption: null, right: null },
    { text: 'Who votes?', options: ['Everyone', 'Holders'], chosen: null, answerState: 'answer_not_submitted', rightOption: null, right: null },
  ],
};

describe('/dashboard/quizzes', () => {
  it('refuses an empty answer sheet, sends the answers, then shows right and wrong', async () => {
    const answered: QuizView = {
      ...QUIZ,
      state: 'all_right_answer_not_given',
      rightCount: 1,
      submittedAt: '2026-02-01T00:00:00.000Z',
      questions: [
        { ...QUIZ.questions[0]!, chosen: 0, answerState: 'answer_submitted', rightOption: 0, right: true },
        { ...QUIZ.questions[1]!, chosen: null, answerState: 'answer_not_submitted', rightOption: 1, right: false },
      ],
    };
    const api = mockApi({
      'GET /api/governance/quizzes/3': () => json(200, QUIZ),
      'POST /api/governance/quizzes/3/submission': () => json(200, { message: M.quizSubmitted, quiz: answered }),
      'GET /api/governance/quizzes': () => json(200, { quizzes: [] }),
    });
    const { user } = renderApp('/dashboard/quizzes?quiz=3', { session: TEST_USER });
    await user.click(await screen.findByRole('button', { name: 'Send my answers' }));
    expect(screen.getByRole('alert').textContent).toBe(M.answersNone);
    await user.click(screen.getByRole('radio', { name: 'Acacia' }));
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    await waitFor(() => expect(api.callsTo('POST /api/governance/quizzes/3/submission')[0]?.body).toEqual({ answers: [0, null] }));
    expect((await screen.findByText(/1 of 2 answers right/)).textContent).toContain('Not all answers right');
    expect(screen.getByText('Not answered')).toBeTruthy();
  });
});

describe('admin forms', () => {
  it('/admin/votes checks the question and closing time before sending', async () => {
    const api = mockApi({ 'GET /api/admin/votes?page=1': () => json(200, { votes: [], total: 0, page: 1, pageSize: 25 }) });
    const { user } = renderApp('/admin/votes', { session: TEST_ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Open the vote' }));
    expect(await screen.findByText(M.questionRequired)).toBeTruthy();
    expect(screen.getByText(M.closesAtRequired)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/votes')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'No votes yet' })).toBeTruthy();
  });

  it('/admin/quizzes checks a new quiz before sending and sends the options line by line', async () => {
    const api = mockApi({
      'GET /api/admin/quizzes': () => json(200, { quizzes: [] }),
      'POST /api/admin/quizzes': () =>
        json(200, {
          message: M.quizCreated,
          quiz: { id: 1, title: 'T', description: '', status: 'draft', questions: [], createdAt: '2026-01-01T00:00:00.000Z', publishedAt: null, submissions: 0, allRight: 0 },
        }),
    });
    const { user } = renderApp('/admin/quizzes', { session: TEST_ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Write a quiz' }));
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText(M.titleRequired)).toBeTruthy();
    expect(screen.getByText(M.questionTextRequired)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/quizzes')).toHaveLength(0);
    await user.type(screen.getByLabelText('Title'), 'Trees');
    await user.type(screen.getByLabelText('Question'), 'Native tree?');
    await user.type(screen.getByLabelText(/Options, one per line/), 'Acacia{Enter}Maple');
    await user.selectOptions(screen.getByLabelText('Right answer'), '1');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/quizzes')[0]?.body).toEqual({ title: 'Trees', description: '', questions: [{ text: 'Native tree?', options: ['Acacia', 'Maple'], rightOption: 1 }] }),
    );
  });
});
