import { IDEA_MESSAGES } from '@landunits/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-app';
import { IdeaForm } from './idea-form';

const SUBMIT = 'POST /api/community/ideas';
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const describedBy = (label: string) =>
  (field(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

const IDEA = {
  id: 1,
  title: 'Guided walks',
  description: 'Walk the forest project with the land team.',
  authorName: 'Ada L.',
  mine: true,
  supportCount: 0,
  supportedByMe: false,
  status: 'new',
  reply: null,
  repliedAt: null,
  createdAt: '2026-11-25T10:00:00.000Z',
};

describe('IdeaForm', () => {
  it("checks title and description with the shared schema's messages and focuses the first invalid field", async () => {
    const api = mockApi({});
    const { user } = renderWithProviders(<IdeaForm />);
    await user.click(screen.getByRole('button', { name: 'Submit idea' }));
    await waitFor(() => expect(describedBy('Title')).toBe(IDEA_MESSAGES.titleRequired));
    expect(describedBy('Description')).toContain(IDEA_MESSAGES.descriptionRequired);
    await waitFor(() => expect(document.activeElement).toBe(field('Title')));
    await user.type(field('Title'), 'Hi');
    await user.type(field('Description'), 'Too short');
    expect(describedBy('Title')).toBe(IDEA_MESSAGES.titleMin);
    expect(describedBy('Description')).toContain(IDEA_MESSAGES.descriptionMin);
    expect(api.callsTo(SUBMIT)).toHaveLength(0);
  });

  it('sends the idea, announces the answer and empties the form', async () => {
    const api = mockApi({ [SUBMIT]: () => json(201, { message: IDEA_MESSAGES.submitted, idea: IDEA }) });
    const { user } = renderWithProviders(<IdeaForm />);
    await user.type(field('Title'), '  Guided walks on the forest ');
    await user.type(field('Description'), 'Walk the forest project with the land team twice a year.');
    await user.click(screen.getByRole('button', { name: 'Submit idea' }));
    await screen.findByText(IDEA_MESSAGES.submitted);
    expect(api.callsTo(SUBMIT)[0]?.body).toEqual({ title: 'Guided walks on the forest', description: 'Walk the forest project with the land team twice a year.' });
    expect(field('Title').value).toBe('');
    expect(screen.getByRole('status').textContent).toBe(IDEA_MESSAGES.submitted);
  });

  it("shows the server's field errors and its limit message", async () => {
    mockApi({ [SUBMIT]: () => json(429, { code: 'RATE_LIMITED', message: 'Too many attempts. Please try again later.' }) });
    const { user } = renderWithProviders(<IdeaForm />);
    await user.type(field('Title'), 'A perfectly fine title');
    await user.type(field('Description'), 'A description that is long enough to pass.');
    await user.click(screen.getByRole('button', { name: 'Submit idea' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again later.');
  });
});
