import { SECURITY_MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../test/api-mock';
import { renderApp, TEST_ADMIN } from '../test/render-app';

const HOME = 'GET /api/admin/home';
const VOTES = 'GET /api/admin/votes?page=1';
const needsApp = () => json(403, { message: SECURITY_MESSAGES.adminSecondFactor, code: 'SECOND_FACTOR_REQUIRED' });

beforeAll(async () => {
  await import('./admin-pages');
});

async function panel() {
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByRole('heading', { level: 2, name: 'Confirm your sign-in with a passkey or an authenticator app' })).toBeTruthy();
  return within(alert);
}

describe('the admin area, for a session without an authenticator code', () => {
  it('shows the server’s message and the way to set the app up instead of the page', async () => {
    mockApi({
      [HOME]: needsApp,
      'GET /api/user/security': () => json(200, { totp: { enabled: false, enabledAt: null }, passkeys: [], recoveryCodesLeft: null, adminNeedsSecondFactor: true, sessions: [] }),
    });
    const { user, location } = renderApp('/admin', { session: TEST_ADMIN });

    const shown = await panel();
    expect(shown.getByText(SECURITY_MESSAGES.adminSecondFactor)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'What is waiting could not be loaded' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Waiting for you' })).toBeNull();
    // The frame stays: the heading and the sections.
    expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Administration sections' })).toBeTruthy();

    const setUp = shown.getByRole('link', { name: 'Set up a passkey or an authenticator app' });
    expect(setUp.getAttribute('href')).toBe('/dashboard/settings/security');
    await user.click(setUp);
    await screen.findByRole('heading', { level: 1, name: 'Security' });
    await waitFor(() => expect(location.current).toBe('/dashboard/settings/security'));
  });

  it('covers the sections of other features too, and tries the page again on request', async () => {
    let confirmed = false;
    const api = mockApi({ [VOTES]: () => (confirmed ? json(200, { votes: [], total: 0, page: 1, pageSize: 25 }) : needsApp()) });
    const { user } = renderApp('/admin/votes', { session: TEST_ADMIN });

    const shown = await panel();
    expect(screen.getByRole('heading', { level: 1, name: 'Votes' })).toBeTruthy();

    confirmed = true;
    await user.click(shown.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Confirm your sign-in with a passkey or an authenticator app' })).toBeNull());
    expect(api.callsTo(VOTES)).toHaveLength(2);
  });

  it('leaves other refusals to the page', async () => {
    mockApi({ [HOME]: () => json(403, { message: 'You do not have access to this.', code: 'FORBIDDEN' }) });
    renderApp('/admin', { session: TEST_ADMIN });
    expect(await screen.findByRole('heading', { name: 'What is waiting could not be loaded' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Set up a passkey or an authenticator app' })).toBeNull();
  });
});
