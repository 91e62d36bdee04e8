import { ACCOUNT_MESSAGES, ADMINS_MESSAGES, MESSAGES } from '@landunits/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, setSignedInHint } from '../../test/api-mock';
import { renderApp, TEST_ADMIN } from '../../test/render-app';

const TOKEN = 'i'.repeat(43);
const CHECK = `GET /api/auth/admin-invitation/${TOKEN}`;
const ACCEPT = `POST /api/auth/admin-invitation/${TOKEN}`;
const SUPPORT = { ...TEST_ADMIN, email: 'grace@example.com', firstName: 'Grace', adminRole: 'SUPPORT' as const };

describe('/account/admin-invitation', () => {
  it('shows the invited address and role, checks the form with the shared rules, then joins and goes to the administration', async () => {
    const api = mockApi({
      [CHECK]: () => json(200, { email: 'grace@example.com', role: 'SUPPORT', expiresAt: '2026-11-23T09:30:00.000Z' }),
      [ACCEPT]: () => {
        setSignedInHint();
        return json(200, { message: ADMINS_MESSAGES.accepted, user: SUPPORT, redirectTo: '/admin' });
      },
      'GET /api/user': () => json(200, { user: SUPPORT }),
      // The administration's home, where the new admin lands.
      'GET /api/admin/home': () => json(200, { queues: [], at: '2026-11-20T09:30:00.000Z' }),
    });
    const { user, location } = renderApp(`/account/admin-invitation?token=${TOKEN}`, { session: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Join the Land Units administration' })).toBeTruthy();
    expect(await screen.findByText('grace@example.com')).toBeTruthy();
    expect(screen.getByText('Support')).toBeTruthy();
    expect(screen.getByText('23 Nov 2026, 09:30 UTC')).toBeTruthy();
    expect(document.title).toBe('Accept your admin invitation | Land Units');

    const form = screen.getByRole('form', { name: 'Join the administration' });
    await user.type(within(form).getByLabelText('First name'), 'Grace');
    await user.type(within(form).getByLabelText('Password'), 'garden42');
    await user.type(within(form).getByLabelText('Confirm password'), 'garden43');
    await user.click(within(form).getByRole('button', { name: 'Join and sign in' }));
    expect(within(form).getByText(ACCOUNT_MESSAGES.passwordUppercase)).toBeTruthy();
    expect(api.callsTo(ACCEPT)).toEqual([]);

    await user.clear(within(form).getByLabelText('Password'));
    await user.type(within(form).getByLabelText('Password'), 'Compiler1952');
    await user.clear(within(form).getByLabelText('Confirm password'));
    await user.type(within(form).getByLabelText('Confirm password'), 'Compiler1952');
    await user.type(within(form).getByLabelText('Last name (optional)'), 'Hopper');
    await user.click(within(form).getByRole('button', { name: 'Join and sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Administration' });
    expect(api.callsTo(ACCEPT).map((c) => c.body)).toEqual([{ firstName: 'Grace', lastName: 'Hopper', password: 'Compiler1952' }]);
    expect(location.current.startsWith('/admin')).toBe(true);
  });

  it('says a used or expired link does not work, with the way to log in', async () => {
    mockApi({ [CHECK]: () => json(400, { code: 'TOKEN_INVALID', message: MESSAGES.tokenInvalid }) });
    renderApp(`/account/admin-invitation?token=${TOKEN}`, { session: null });
    const problem = (await screen.findByRole('heading', { name: 'This invitation link does not work' })).closest('section') as HTMLElement;
    expect(within(problem).getByRole('alert').textContent).toBe(MESSAGES.tokenInvalid);
    expect(within(problem).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('without a token is invalid at once', async () => {
    const api = mockApi({});
    renderApp('/account/admin-invitation', { session: null });
    expect(await screen.findByRole('heading', { name: 'This invitation link does not work' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});
