import { NEWSLETTER_MESSAGES, type TeamMember } from '@landunits/domain';
import { screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { deferred, json, mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-app';
import { ContactPage, SubscribeConfirmPage, TeamPage } from './people-pages';

function renderPage(path: string) {
  // StrictMode, like development: effects run twice, and the confirmation must still be asked once.
  return renderWithProviders(
    <StrictMode>
      <Routes>
        <Route path="/team" element={<TeamPage />} />
        <Route path="/contact-us" element={<ContactPage />} />
        <Route path="/subscribe/confirm" element={<SubscribeConfirmPage />} />
      </Routes>
    </StrictMode>,
    { path, session: null },
  );
}

const TEAM: TeamMember[] = [
  { id: 1, name: 'Amelia Hart', role: 'Chief Executive Officer', bio: 'Leads the company.', photo: null, isDemo: true },
  { id: 2, name: 'Rohan Mehta', role: 'Head of Land Management', bio: 'Looks after the estates.', photo: null, isDemo: true },
  { id: 3, name: 'Claire Dubois', role: 'Chief Financial Officer', bio: 'Keeps the books.', photo: null, isDemo: false },
  { id: 4, name: 'Tom Okafor', role: 'Head of Technology', bio: 'Builds the platform.', photo: null, isDemo: true },
  { id: 5, name: 'Sofia Lindqvist', role: 'Ecologist', bio: 'Measures the impact.', photo: null, isDemo: true },
  { id: 6, name: 'James Whitfield', role: 'Head of Partnerships', bio: 'Works with landowners.', photo: null, isDemo: true },
  { id: 7, name: 'Mei Chen', role: 'Customer Support Lead', bio: 'Answers your questions.', photo: null, isDemo: false },
];

describe('/team', () => {
  it('lists the seven people with their roles and bios; demo profiles read like any other (the README says the content is demo)', async () => {
    mockApi({ 'GET /api/site/team': () => json(200, TEAM) });
    renderPage('/team');

    expect(screen.getByRole('heading', { level: 1, name: 'Our team' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Amelia Hart' });
    const people = screen.getAllByRole('listitem');
    expect(people).toHaveLength(7);
    expect(people.map((li) => within(li).getByRole('heading', { level: 2 }).textContent)).toEqual(TEAM.map((m) => m.name));
    for (const [index, member] of TEAM.entries()) {
      const card = within(people[index] as HTMLElement);
      expect(card.getByText(member.role)).toBeTruthy();
      expect(card.getByText(member.bio)).toBeTruthy();
    }
    expect(screen.queryByText(/demo/i)).toBeNull();
    // The initials avatar is decoration: hidden from assistive technology.
    const avatar = within(people[0] as HTMLElement).getByText('AH');
    expect(avatar.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows a person’s uploaded photo instead of their initials', async () => {
    const photo = '/api/site/images/' + 'a'.repeat(64);
    mockApi({ 'GET /api/site/team': () => json(200, [{ ...TEAM[0]!, photo }, TEAM[1]!]) });
    renderPage('/team');
    const item = (await screen.findByRole('heading', { level: 2, name: 'Amelia Hart' })).closest('li') as HTMLElement;
    const card = within(item);
    const image = item.querySelector('img');
    expect(image?.getAttribute('src')).toBe(photo);
    // The name is the heading beside it: the photo is not announced again.
    expect(image?.getAttribute('alt')).toBe('');
    expect(card.queryByText('AH')).toBeNull();
  });

  it('shows a skeleton while loading and an empty state when nobody is listed', async () => {
    const answer = deferred<Response>();
    mockApi({ 'GET /api/site/team': () => answer.promise });
    renderPage('/team');
    expect(screen.getByRole('status').textContent).toBe('Loading the team…');
    answer.resolve(json(200, []));
    expect(await screen.findByRole('heading', { level: 2, name: 'Our team page is being updated' })).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    let calls = 0;
    mockApi({
      'GET /api/site/team': () => {
        calls += 1;
        return calls === 1 ? json(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) : json(200, TEAM);
      },
    });
    const { user } = renderPage('/team');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something went wrong on our side.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Mei Chen' })).toBeTruthy();
    expect(calls).toBe(2);
  });
});

describe('/contact-us', () => {
  it('has the heading, the answer time, the contact details and the form labelled by its heading', () => {
    renderPage('/contact-us');
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeTruthy();
    expect(screen.getByText(/we answer by email within two working days/)).toBeTruthy();
    const email = screen.getByRole('link', { name: 'support@landunits.example' });
    expect(email.getAttribute('href')).toBe('mailto:support@landunits.example');
    expect(screen.getByText('Post: Land Units Ltd, London, United Kingdom')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Send us a message' });
    expect(within(form).getByLabelText('Name')).toBeTruthy();
    expect(within(form).getByLabelText('Message')).toBeTruthy();
  });
});

const TOKEN = 'k'.repeat(43);

describe('/subscribe/confirm', () => {
  it("confirms once and shows the server's message with links onward", async () => {
    const answer = deferred<Response>();
    const api = mockApi({ [`GET /api/subscribe/subscriberVerification/${TOKEN}`]: () => answer.promise });
    renderPage(`/subscribe/confirm?token=${TOKEN}`);

    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your subscription' })).toBeTruthy();
    expect(screen.getByText('Checking your confirmation link…')).toBeTruthy();
    answer.resolve(json(200, { message: NEWSLETTER_MESSAGES.confirmed }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(NEWSLETTER_MESSAGES.confirmed);
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Read the latest news' }).getAttribute('href')).toBe('/news');
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([`GET /api/subscribe/subscriberVerification/${TOKEN}`]);
  });

  it("shows the server's refusal and a form to subscribe again", async () => {
    const token = 'used/token?x';
    const api = mockApi({
      'GET /api/subscribe/subscriberVerification/used%2Ftoken%3Fx': () => json(400, { message: NEWSLETTER_MESSAGES.tokenInvalid, code: 'BAD_REQUEST' }),
    });
    renderPage(`/subscribe/confirm?token=${encodeURIComponent(token)}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'We could not confirm your subscription' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(NEWSLETTER_MESSAGES.tokenInvalid);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    const form = screen.getByRole('form', { name: 'Subscribe again' });
    expect(within(form).getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect(api.calls).toHaveLength(1);
  });

  it('offers a retry when the server could not answer', async () => {
    const token = 'n'.repeat(43);
    let calls = 0;
    mockApi({
      [`GET /api/subscribe/subscriberVerification/${token}`]: () => {
        calls += 1;
        return calls === 1 ? json(503, { message: 'Please try again in a moment.', code: 'UNAVAILABLE' }) : json(200, { message: NEWSLETTER_MESSAGES.confirmed });
      },
    });
    const { user } = renderPage(`/subscribe/confirm?token=${token}`);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please try again in a moment.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('without a token says so and asks nothing of the API', async () => {
    const api = mockApi({});
    renderPage('/subscribe/confirm');
    expect(screen.getByRole('heading', { level: 1, name: 'We could not confirm your subscription' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This address has no confirmation code. Please open the link from our email again, or subscribe below.');
    expect(screen.getByRole('form', { name: 'Subscribe again' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toHaveLength(0);
  });
});
