import { COMMUNITY_MESSAGES as M } from '@landunits/domain';
import type { QuestionPage } from '@landunits/domain/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderApp, TEST_USER } from '../../test/render-app';

const ASK = 'POST /api/community/create-question';
const NAUGHTY = '<script>alert(1)</script> \u202Eevil 🌳';

const question = (title: string, body: string): QuestionPage => ({
  question: {
    id: 42,
    title,
    body,
    status: 'open',
    askerName: 'Ada L.',
    mine: true,
    answerCount: 0,
    hasAcceptedAnswer: false,
    acceptedAnswerId: null,
    createdAt: '2026-06-01T08:00:00.000Z',
    closedAt: null,
    hidden: null,
  },
  answers: [],
  viewer: { canAnswer: false, answerAs: null, isAsker: true },
});

describe('/dashboard/community/ask-question', () => {
  it('checks the title and the question with the API’s messages before sending anything', async () => {
    const api = mockApi({});
    const { user } = renderApp('/dashboard/community/ask-question', { session: TEST_USER });
    const publish = await screen.findByRole('button', { name: 'Publish question' });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await user.click(publish);
    expect(await screen.findByText(M.titleRequired)).toBeTruthy();
    expect(screen.getByText(M.bodyRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Hey');
    await user.tab();
    expect(await screen.findByText(M.titleShort)).toBeTruthy();
    expect(api.callsTo(ASK)).toHaveLength(0);
  });

  it('sends the question and opens its page, showing naughty text as text', async () => {
    const api = mockApi({
      [ASK]: () => json(200, { message: M.asked, questionId: 42 }),
      'GET /api/community/questions/42': () => json(200, question(`Title ${NAUGHTY}`, NAUGHTY)),
    });
    const { user, location } = renderApp('/dashboard/community/ask-question', { session: TEST_USER });
    const publish = await screen.findByRole('button', { name: 'Publish question' });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await user.type(screen.getByLabelText('Title'), `Title ${NAUGHTY}`);
    await user.type(screen.getByLabelText('Your question'), NAUGHTY);
    await user.click(publish);
    await waitFor(() => expect(location.current).toBe('/dashboard/questions/42'));
    expect(api.callsTo(ASK)[0]?.body).toEqual({ title: `Title ${NAUGHTY}`, body: NAUGHTY });
    expect(await screen.findByRole('heading', { level: 1, name: `Title ${NAUGHTY}` })).toBeTruthy();
    expect(screen.getByText(NAUGHTY)).toBeTruthy();
    expect(document.querySelector('script')?.textContent ?? '').not.toContain('alert(1)');
  });

  it('shows the server’s field message under its field', async () => {
    mockApi({ [ASK]: () => json(400, { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { title: M.titleMax } }) });
    const { user } = renderApp('/dashboard/community/ask-question', { session: TEST_USER });
    const publish = await screen.findByRole('button', { name: 'Publish question' });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await user.type(screen.getByLabelText('Title'), 'A fine title');
    await user.type(screen.getByLabelText('Your question'), 'A fine question');
    await user.click(publish);
    expect(await screen.findByText(M.titleMax)).toBeTruthy();
  });
});
