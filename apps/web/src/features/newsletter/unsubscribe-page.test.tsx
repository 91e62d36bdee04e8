import { ACCOUNT_SETTINGS_ANSWERS } from '@landunits/domain/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const TOKEN = 'dTpzb21lLWlkOmNvbW11bml0eQ.' + 'm'.repeat(43);

describe('/unsubscribe', () => {
  it('shows what will be turned off and turns it off only when the button is pressed', async () => {
    const api = mockApi({
      [`GET /api/unsubscribe/${TOKEN}`]: () => json(200, { category: 'community', label: 'Community' }),
      [`POST /api/unsubscribe/${TOKEN}`]: () => json(200, { category: 'community', label: 'Community', message: ACCOUNT_SETTINGS_ANSWERS.unsubscribed }),
    });
    const { user } = renderApp(`/unsubscribe?token=${TOKEN}`, { session: null });
    expect(await screen.findByRole('heading', { name: 'Stop Community emails?' })).toBeTruthy();
    expect(api.callsTo(`POST /api/unsubscribe/${TOKEN}`)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const heading = await screen.findByRole('heading', { name: 'Unsubscribed' });
    expect(screen.getByText(ACCOUNT_SETTINGS_ANSWERS.unsubscribed)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(api.callsTo(`POST /api/unsubscribe/${TOKEN}`)).toHaveLength(1);
  });

  it('names the newsletter as such', async () => {
    mockApi({ [`GET /api/unsubscribe/${TOKEN}`]: () => json(200, { category: 'newsletter', label: 'Newsletter' }) });
    renderApp(`/unsubscribe?token=${TOKEN}`, { session: null });
    expect(await screen.findByRole('heading', { name: 'Stop the Land Units newsletter?' })).toBeTruthy();
  });

  it('says a forged or broken link does not work, with the way to the preferences', async () => {
    mockApi({ [`GET /api/unsubscribe/${TOKEN}`]: () => json(400, { message: ACCOUNT_SETTINGS_ANSWERS.unsubscribeInvalid, code: 'TOKEN_INVALID' }) });
    renderApp(`/unsubscribe?token=${TOKEN}`, { session: null });
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(ACCOUNT_SETTINGS_ANSWERS.unsubscribeInvalid);
    expect(screen.getByRole('link', { name: 'your email preferences' }).getAttribute('href')).toBe('/dashboard/settings/subscriptions');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('without a token asks nothing of the server', async () => {
    const api = mockApi({});
    renderApp('/unsubscribe', { session: null });
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
    expect(api.calls.filter((c) => c.url.startsWith('/api/unsubscribe'))).toEqual([]);
  });
});
